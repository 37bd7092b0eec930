import { useSelector } from '@xstate/react';
import { formatTime } from '../time/projectTime';
import { t, useLanguage } from '../i18n/i18n';
import { useOptionalRealtime } from './RealtimeContext';

/**
 * While the live connection is down the console says so (issue 13): 连接中断，正在重连… with the
 * attempt and the time of the last data, and a button to retry now. Shown only after the socket has
 * been open once or has failed, so the first connect of a fresh page does not flash it.
 */
export function ConnectionBanner() {
  useLanguage();
  const realtime = useOptionalRealtime();
  if (!realtime) return null;
  return <Banner socket={realtime.socket} lastDataAt={realtime.lastDataAt} />;
}

function Banner({
  socket,
  lastDataAt,
}: {
  socket: NonNullable<ReturnType<typeof useOptionalRealtime>>['socket'];
  lastDataAt: () => number | null;
}) {
  const down = useSelector(
    socket,
    (s) => (s.matches('waiting') || s.matches({ active: 'connecting' })) && (s.context.everOpened || s.context.failures > 0),
  );
  const attempt = useSelector(socket, (s) => s.context.failures + (s.matches('waiting') ? 0 : 1));
  if (!down) return null;
  const last = lastDataAt();
  return (
    <div
      role="status"
      data-testid="connection-banner"
      className="flex items-center justify-center gap-3 bg-warn px-4 py-1 text-sm font-medium text-black"
    >
      <span>{t('connection.lost')}</span>
      <span className="font-normal" data-testid="connection-attempt">
        {t('connection.attempt', { n: Math.max(1, attempt) })}
      </span>
      <span className="font-normal" data-testid="connection-last-data">
        {last ? t('connection.lastData', { time: formatTime(last, 'HH:mm:ss') }) : t('connection.noData')}
      </span>
      <button
        type="button"
        className="rounded border border-black/40 px-2 py-0.5 text-xs"
        onClick={() => socket.send({ type: 'RECONNECT' })}
      >
        {t('connection.retryNow')}
      </button>
    </div>
  );
}
