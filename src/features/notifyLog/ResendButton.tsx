import type { DeliveryDto } from '../../../domain/schemas/notify';
import { t, useLanguage } from '../../app/i18n/i18n';
import { toastSuccess } from '../../app/ui/toastStore';
import { notifyApi } from '../notify/notifyApi';
import { useOperationCan } from '../../app/session/useOperationCan';

/**
 * 重新发送 on a failed delivery: the worker sends it again with the same delivery id. Only for holders
 * of 系统配置, whom the server lets resend (an event manager sees the failure in 详情, not the button).
 */
export function ResendButton({ delivery, onResent }: { delivery: DeliveryDto; onResent: () => void }) {
  useLanguage();
  const can = useOperationCan();
  if (delivery.status !== 'failed' || !can('wp_system_config')) return null;
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
