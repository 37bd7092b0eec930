import { formatTime } from '../time/projectTime';
import { isDeviceStatusNormal } from '../../../domain/enums';
import { t, useLanguage } from '../i18n/i18n';
import type { DeviceRealtime } from './realtimeTypes';
import { RemoteControlMenu } from './RemoteControlMenu';
import { deviceStatusText } from '../i18n/enumText';
import { StateMark } from '../ui/StateMark';
import { deviceStatusShape } from '../ui/stateShapes';

const dash = (v: string | null | undefined) => (v ? v : '--');

/** Communication status (normal for communicating/unknown, error otherwise), code, type, vendor, place, install time. */
export function DeviceInfoPanel({ device }: { device: DeviceRealtime['device'] }) {
  useLanguage();
  const normal = isDeviceStatusNormal(device.devicestatus);
  const rows: [string, string][] = [
    [t('device.code'), device.code],
    [t('device.type'), dash(device.devicetype)],
    [t('device.vendor'), dash(device.vendor)],
    [t('device.location'), dash(device.location)],
    [t('device.installdate'), device.installdate ? formatTime(device.installdate, 'yyyy-MM-dd') : '--'],
  ];
  return (
    <div className="flex items-start justify-between gap-4 rounded border border-line bg-surface-2 p-3 text-sm" data-testid="device-info">
      <div className="grid flex-1 grid-cols-3 gap-x-6 gap-y-1.5">
        <div>
          <span className="text-muted">
            {t('device.commStatus')}
            {t('punct.colon')}
          </span>
          <span data-testid="device-comm" data-normal={normal} className="font-medium">
            <StateMark shape={deviceStatusShape(device.devicestatus)}>
              {normal ? t('device.commNormal') : t('device.commError')}
              {t('punct.parenthesized', { text: deviceStatusText(device.devicestatus) })}
            </StateMark>
          </span>
        </div>
        {rows.map(([k, v]) => (
          <div key={k}>
            <span className="text-muted">
              {k}
              {t('punct.colon')}
            </span>
            {v}
          </div>
        ))}
      </div>
      <RemoteControlMenu deviceId={device.id} />
    </div>
  );
}
