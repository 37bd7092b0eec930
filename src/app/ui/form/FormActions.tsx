import { t } from '../../i18n/i18n';
import { Button } from '../fields';

/** A save dialog's 取消 and 保存 (or 确定), right-aligned under the form; 保存 is off while a submit is on its way. */
export function FormActions({
  onClose,
  busy,
  submitText = t('common.save'),
  className = 'mt-4 flex justify-end gap-2',
}: {
  onClose: () => void;
  busy: boolean;
  submitText?: string;
  /** the row's layout where the form is a grid (col-span-2) or the space above is the dialog's own */
  className?: string;
}) {
  return (
    <div className={className}>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button kind="primary" type="submit" disabled={busy}>
        {submitText}
      </Button>
    </div>
  );
}
