import { Button, Modal } from '../ui/Modal';
import { t, useLanguage } from '../i18n/i18n';

/** A yes/no question in a modal; Escape or the backdrop counts as "no". */
export function ConfirmDialog({
  open,
  text,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  useLanguage();
  return (
    <Modal open={open} onClose={onCancel} title={t('common.prompt')} width={380}>
      <p className="mb-5 text-sm">{text}</p>
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button kind="primary" onClick={onConfirm}>
          {t('common.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
