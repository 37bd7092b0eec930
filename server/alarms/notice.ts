import type { DeviceInfo } from '../devices/devices';

/** The spec §3 notification description fields, captured when the event is written. */
export function noticeFields(d: DeviceInfo) {
  return {
    deviceId: d.id,
    deviceName: d.name,
    deviceCode: d.code,
    projectName: d.projectName,
    contactInfo: d.contactphone,
  };
}
