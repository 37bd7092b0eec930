import type { DeliveryStatus } from '../../../domain/schemas/notify';
import { useLanguage } from '../../app/i18n/i18n';
import { statusText } from '../notify/notifyText';

/** A sign per status, so it is told by shape as well as by word. */
const SIGN: Record<DeliveryStatus, string> = { pending: '○', sent: '✓', retrying: '↻', failed: '✕' };

/**
 * A delivery's status in neutral ink: it is a fact about a message, not an alarm, so it never borrows
 * the alarm colours; 失败 is bold, since it is the one a person has to act on.
 */
export function DeliveryStatusMark({ status }: { status: DeliveryStatus }) {
  useLanguage();
  return (
    <span
      data-delivery-status={status}
      className={`inline-flex items-center gap-1 rounded border border-line bg-surface-2 px-1.5 text-xs text-ink ${status === 'failed' ? 'font-bold' : ''}`}
    >
      <span aria-hidden>{SIGN[status]}</span>
      {statusText(status)}
    </span>
  );
}
