import { api } from './client';

/**
 * Confirm alarm events (event/save with confirmeventstatus 3): the server stamps operator and
 * updatetime from the session, keeps the first stamp of an event confirmed already, and ends any
 * escalation of the events on every console. Used by 报警事件 and by a flood group's 全部确认.
 */
export const confirmEvents = (ids: readonly number[]) =>
  api.post<{ updated: number }>(
    '/wisdompower/v1/event/save',
    ids.map((id) => ({ id, confirmeventstatus: 3 })),
  );
