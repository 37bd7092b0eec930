import { DEVICE_STATUS, EVENT_CONFIRM } from '../../../domain/enums';
import type { StateShape } from './StateMark';

/** 正在通信 goes on, 未知 is not known, every way of being out (自动退出, 检修停运…) is out. */
export function deviceStatusShape(status: number | null | undefined): StateShape {
  if (status === DEVICE_STATUS.COMMUNICATING) return 'on';
  if (status === DEVICE_STATUS.UNKNOWN || status == null) return 'unknown';
  return 'off';
}

/** An event goes on until it ends (endeventid 0: 活动). */
export const eventStatusShape = (endeventid: number): StateShape => (endeventid === 0 ? 'on' : 'off');

/** An event waits for someone until it is confirmed. */
export const confirmShape = (status: number): StateShape => (status === EVENT_CONFIRM.CONFIRM ? 'done' : 'pending');
