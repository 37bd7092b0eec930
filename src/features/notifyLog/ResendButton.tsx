import type { DeliveryDto } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { toastSuccess } from '../../app/ui/toastStore';
import { notifyApi } from '../notify/notifyApi';

/** 重新发送 on a failed delivery: the worker sends it again with the same delivery id. */
export function ResendButton({ delivery, onResent }: { delivery: DeliveryDto; onResent: () => void }) {
  useLanguage();
  if (delivery.status !== 'failed') return null;
  const resend = async () => {
    const done = await notifyApi.resend(delivery.id).then(
      () => true,
      () => false,
    );
    if (!done) return;
    toastSuccess(t('notify.resent'));
    onResent();
  };
  return (
    <button
      type="button"
      className="text-brand hover:underline"
      data-testid="delivery-resend"
      onClick={(e) => (e.stopPropagation(), void resend())}
    >
      {t('notify.resend')}
    </button>
  );
}
