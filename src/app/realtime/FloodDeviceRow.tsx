import { memo } from 'react';
import { formatTime, useProjectZone } from '../time/projectTime';
import type { Notice } from '../../../machines/notificationMachine';
import { t, useLanguage } from '../i18n/i18n';
import { useRealtime } from './RealtimeContext';

export const floodDeviceText = (n: Notice) => n.description.deviceName ?? n.description.deviceCode ?? '--';

/**
 * One device of an unfolded type group, memoised: a group of hundreds of devices changes with each
 * alarm that joins it, and re-rendering every row (each with its formatted time) took 40–170 ms of the
 * page's main thread per alarm in the bell bench, in front of the next bell. Now only the row whose
 * newest alarm or count changed renders. The language and the project zone are read here, so a row
 * follows a switch of either without its group.
 */
export const FloodDeviceRow = memo(function FloodDeviceRow({ latest, count }: { latest: Notice; count: number }) {
  useLanguage();
  useProjectZone();
  const { notifications } = useRealtime();
  return (
    <li className="flex items-center justify-between gap-2 py-1" data-testid="notice-group-device">
      <span className="min-w-0">
        <span className="block truncate text-ink">
          {floodDeviceText(latest)} <span className="text-muted">({latest.description.deviceCode ?? '--'})</span>
        </span>
        <span className="block truncate text-muted">
          {latest.description.projectName ?? '--'} · {t('bell.deviceCount', { n: count, time: formatTime(latest.time, 'HH:mm:ss') })}
        </span>
      </span>
      <button
        type="button"
        className="shrink-0 text-brand hover:underline"
        onClick={() => notifications.send({ type: 'NOTICE.VIEW', id: latest.id })}
      >
        {t('bell.view')}
      </button>
    </li>
  );
});
