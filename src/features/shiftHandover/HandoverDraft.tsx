import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { t, useLanguage } from '../../app/i18n/i18n';
import { Button } from '../../app/ui/Modal';
import { toastSuccess } from '../../app/ui/toastStore';
import { LoadError } from '../../app/widgets/LoadError';
import { queryKeys } from '../../app/api/queryKeys';
import { useInvalidate } from '../../app/api/useInvalidate';
import { HandoverSheet } from './HandoverSheet';
import { handOver, handoverDraft } from './handoverApi';

/**
 * 交班: the summary of the shift the operator is handing over, generated now (刷新 generates it again),
 * a note, and 交班; the server generates the summary once more as it stores the handover. A handover
 * made makes every handover read stale: this draft and the screen's list are read again.
 */
export function HandoverDraft() {
  useLanguage();
  const [note, setNote] = useState('');
  const draft = useQuery({ queryKey: queryKeys.handovers.draft(), queryFn: handoverDraft });
  const invalidate = useInvalidate();
  const submit = async () => {
    await handOver(note.trim());
    toastSuccess(t('ho.handedOver'));
    setNote('');
    invalidate(queryKeys.handovers.all);
  };
  return (
    <section
      className="flex shrink-0 flex-col gap-3 overflow-y-auto rounded-lg border border-line bg-surface p-3 xl:w-[26rem]"
      data-testid="handover-draft"
      aria-label={t('ho.draftTitle')}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{t('ho.draftTitle')}</h2>
        <Button onClick={() => void draft.refetch()}>{t('alarmEvent.refresh')}</Button>
      </div>
      {draft.error && !draft.data && <LoadError error={draft.error} onRetry={() => void draft.refetch()} />}
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
