import { z } from 'zod';
import { remarkSchema } from '../../../domain/telemetry';
import { t, useLanguage } from '../../app/i18n/i18n';
import { validateForm } from '../../app/widgets/formErrors';
import { Modal } from '../../app/ui/Modal';
import { FormActions } from '../../app/ui/form/FormActions';
import { useFormDialog } from '../../app/ui/form/useFormDialog';

const schema = z.object({ remark: remarkSchema });

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
  /** saves, tells and closes; rejects when the server refuses (the API client has shown why) */
  onSave: (remark: string) => Promise<void>;
  onClose: () => void;
}) {
  useLanguage();
  const form = useFormDialog({
    open,
    initial: () => ({ remark: initial }),
    resetOn: [initial],
    validate: (f) => validateForm(schema, f),
    submit: ({ remark }) => onSave(remark),
    successText: null,
    answers: true,
  });
  const { value, error, onChange } = form.field('remark');
  return (
    <Modal open={open} onClose={onClose} title={`${t('alarmEvent.addRemark')} · ${t('alarmEvent.selected', { count })}`} width={480}>
      <form {...form.formProps}>
        <label className="block text-sm">
          <span className="mb-1 block text-muted">{t('alarmEvent.remark')}</span>
          <textarea
            name="remark"
            rows={4}
            value={value}
            placeholder={t('alarmEvent.remarkPlaceholder')}
            aria-invalid={!!error}
            onChange={(e) => onChange(e.target.value)}
            className={`w-full resize-none rounded border bg-surface-2 px-3 py-2 text-ink outline-none focus:border-brand ${error ? 'border-danger' : 'border-line'}`}
          />
        </label>
        <div className="mt-1 flex justify-between text-xs">
          <span className="text-danger" role="alert">
            {error ?? ''}
          </span>
          <span className={value.trim().length > 140 ? 'text-danger' : 'text-muted'}>{value.trim().length} / 140</span>
        </div>
        <FormActions onClose={onClose} busy={form.busy} />
      </form>
    </Modal>
  );
}
