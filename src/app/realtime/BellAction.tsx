import type { ReactNode } from 'react';
import type { NotificationEvent } from '../../../machines/notificationMachine';
import { useRealtime } from './RealtimeContext';
import { BELL_ACTION } from './bellStyles';

/** One of a bell row's actions (查看, 已读, 静音 …): a labelled button that sends its event to the notifications. */
export function BellAction({
  event,
  testId,
  className,
  children,
}: {
  event: NotificationEvent;
  testId: string;
  /** classes beside the bell action's look (静音 in the warning colour) */
  className?: string;
  children: ReactNode;
}) {
  const { notifications } = useRealtime();
  return (
    <button
      type="button"
      className={className ? `${BELL_ACTION} ${className}` : BELL_ACTION}
      onClick={() => notifications.send(event)}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
