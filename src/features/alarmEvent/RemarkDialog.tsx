import { useEffect, useState } from 'react';
import { remarkSchema } from '../../../domain/telemetry';
import { t, useLanguage } from '../../app/i18n/i18n';
import { issueMessage } from '../../app/widgets/formErrors';
import { safeParseMarked } from '../../../domain/zodIssueText';
import { Button, Modal } from '../../app/ui/Modal';

/** Remark for the selected events: 1 to 140 characters (spec §5), checked here and on the server. */
export function RemarkDialog({
  open,
  initial,
  count,
  onSave,
  onClose,
}: {
  open: boolean;
  initial: string;
  count: number;
  onSave: (remark: string) => Promise<void>;
  onClose: () => void;
}) {
  useLanguage();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setText(initial);
      setError(undefined);
    }
  }, [open, initial]);
  const submit = async () => {
    const parsed = safeParseMarked(remarkSchema, text);
    if (!parsed.success) return setError(issueMessage(parsed.error.issues[0]!));
    setBusy(true);
    try {
      await onSave(parsed.data);
    } catch {
      // the API client has shown the error; keep the dialog open with the text
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={`${t('alarmEvent.addRemark')} · ${t('alarmEvent.selected', { count })}`} width={480}>
      <form onSubmit={(e) => (e.preventDefault(), void submit())}>
        <label className="block text-sm">
          <span className="mb-1 block text-muted">{t('alarmEvent.remark')}</span>
          <textarea
            name="remark"
            rows={4}
            value={text}
            placeholder={t('alarmEvent.remarkPlaceholder')}
            aria-invalid={!!error}
            onChange={(e) => (setText(e.target.value), setError(undefined))}
            className={`w-full resize-none rounded border bg-surface-2 px-3 py-2 text-ink outline-none focus:border-brand ${error ? 'border-danger' : 'border-line'}`}
          />
        </label>
        <div className="mt-1 flex justify-between text-xs">
          <span className="text-danger" role="alert">
            {error ?? ''}
          </span>
          <span className={text.trim().length > 140 ? 'text-danger' : 'text-muted'}>{text.trim().length} / 140</span>
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button kind="primary" type="submit" disabled={busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
