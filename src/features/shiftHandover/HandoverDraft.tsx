import { useState } from 'react';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { LoadError } from '../../app/widgets/LoadError';
import { useLoad } from '../../app/widgets/useLoad';
import { HandoverSheet } from './HandoverSheet';
import { handOver, handoverDraft } from './handoverApi';

/**
 * 交班: the summary of the shift the operator is handing over, generated now (刷新 generates it again),
 * a note, and 交班; the server generates the summary once more as it stores the handover.
 */
export function HandoverDraft({ onHandedOver }: { onHandedOver: () => void }) {
  useLanguage();
  const [version, setVersion] = useState(0);
  const [note, setNote] = useState('');
  const draft = useLoad(() => handoverDraft(), [], version);
  const submit = async () => {
    await handOver(note.trim());
    toastSuccess(t('ho.handedOver'));
    setNote('');
    setVersion((v) => v + 1);
    onHandedOver();
  };
  return (
    <section
      className="flex shrink-0 flex-col gap-3 overflow-y-auto rounded-lg border border-line bg-surface p-3 xl:w-[26rem]"
      data-testid="handover-draft"
      aria-label={t('ho.draftTitle')}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{t('ho.draftTitle')}</h2>
        <Button onClick={() => setVersion((v) => v + 1)}>{t('alarmEvent.refresh')}</Button>
      </div>
      {draft.error && !draft.data && <LoadError error={draft.error} onRetry={draft.reload} />}
      {draft.data && <HandoverSheet shift={draft.data.shift} summary={draft.data.summary} />}
      <label className="block text-sm">
        <span className="mb-1 block text-muted">{t('ho.note')}</span>
        <textarea
          name="handoverNote"
          maxLength={140}
          className="w-full rounded border border-line bg-surface-2 p-2"
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <Button kind="primary" disabled={!draft.data} onClick={() => void submit().catch(() => undefined)}>
        {t('ho.handOver')}
      </Button>
    </section>
  );
}
