import type { FastifyInstance } from 'fastify';
import type { MeasureMessage } from '../../domain/telemetry';
import { ALL_PROJECTS_ROOM, projectRoom } from './hub';

/** Values are gathered for this long and sent per project room as one 'measures' array. */
export const MEASURE_FLUSH_MS = 100;

/**
 * Live values go to the project's room as they are committed, batched: a thousand devices reporting
 * each second become ten frames a second per room instead of a thousand. They are state, not events:
 * not sequenced or replayed; a client that reconnects reloads the realtime snapshot instead.
 */
export function attachMeasurementPush(app: FastifyInstance): () => void {
  let pending = new Map<number, MeasureMessage[]>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const batch = pending;
    pending = new Map();
    for (const [projectId, list] of batch) app.io.to(projectRoom(projectId)).emit('measures', list);
    // Root and platform users listen to every project: one frame with everything.
    const all = [...batch.values()].flat();
    if (all.length) app.io.to(ALL_PROJECTS_ROOM).emit('measures', all);
  };
  const detach = app.telemetry.writer.onCommitted((committed) => {
    for (const c of committed) {
      const msg: MeasureMessage = { deviceId: c.device.id, projectId: c.device.projectid, time: c.time, values: c.values };
      const list = pending.get(msg.projectId);
      if (list) list.push(msg);
      else pending.set(msg.projectId, [msg]);
    }
    timer ??= setTimeout(flush, MEASURE_FLUSH_MS);
  });
  return () => {
    detach();
    if (timer) clearTimeout(timer);
  };
}
