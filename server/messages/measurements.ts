import type { FastifyInstance } from 'fastify';
import type { MeasureMessage } from '../../domain/telemetry';
import { SOCKET_EVENT } from '../../domain/socketProtocol';
import { WATCH_ALL_ROOM, watchDeviceRoom, watchProjectRoom } from './watch';
import type { PacedFanOut } from './fanOut';

/** Values are gathered for this long (longer while the last frames are still going) and sent per room as one 'measures' array. */
const MEASURE_FLUSH_MS = 100;

/**
 * Live values go only to the consoles whose screens show them (server/messages/watch.ts), batched: a
 * thousand devices reporting each second become ten frames a second per watched project instead of
 * a thousand. A wall of every project gets one frame with everything; a watched device its own
 * values, unless the console already has them through its project or everything.
 *
 * In one process a room nobody is in is skipped before anything is encoded. With several instances
 * (REDIS_URL) the adapter carries each frame to the instances whose consoles are in the room, so
 * every pending room is emitted.
 *
 * They are state, not events: not sequenced or replayed; a console that reconnects reloads the
 * realtime snapshot instead (and sends its watch again).
 */
export function attachMeasurementPush(app: FastifyInstance, fanOut: PacedFanOut): () => void {
  let pending = new Map<number, MeasureMessage[]>();
  let timer: NodeJS.Timeout | null = null;
  const listened = (room: string) => !!app.cluster || (app.io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
  // One process: paced, so a frame for every wall does not hold the loop. Several: through the adapter.
  const send = (room: string, except: string[], list: MeasureMessage[]) => {
    if (app.cluster) app.io.to(room).except(except).emit(SOCKET_EVENT.MEASURES, list);
    else fanOut.emit('state', [room], except, SOCKET_EVENT.MEASURES, list);
  };
  const flush = () => {
    // Backpressure: while the last frames are still going out (a busy loop, thousands of walls), the
    // values gather into the next frame: fewer, larger frames instead of a queue that grows.
    if (!app.cluster && fanOut.pending('state') > 0) {
      timer = setTimeout(flush, MEASURE_FLUSH_MS);
      return;
    }
    timer = null;
    const batch = pending;
    pending = new Map();
    if (listened(WATCH_ALL_ROOM)) send(WATCH_ALL_ROOM, [], [...batch.values()].flat());
    for (const [projectId, list] of batch) {
      const room = watchProjectRoom(projectId);
      if (listened(room)) send(room, [WATCH_ALL_ROOM], list);
      for (const m of list) {
        const one = watchDeviceRoom(m.deviceId);
        if (listened(one)) send(one, [WATCH_ALL_ROOM, room], [m]);
      }
    }
  };
  const detach = app.telemetry.writer.onCommitted((committed) => {
    // A batch nobody watches (no wall of everything, of its project or of the device) gets no message.
    const all = listened(WATCH_ALL_ROOM);
    const projects = new Map<number, boolean>();
    for (const c of committed) {
      const projectId = c.device.projectid;
      let project = projects.get(projectId);
      if (project === undefined) projects.set(projectId, (project = listened(watchProjectRoom(projectId))));
      if (!all && !project && !listened(watchDeviceRoom(c.device.id))) continue;
      const values: Record<number, number> = {};
      for (const r of c.readings) values[r.def.dataId] = r.value;
      const msg: MeasureMessage = { deviceId: c.device.id, projectId, time: c.time, values };
      const list = pending.get(projectId);
      if (list) list.push(msg);
      else pending.set(projectId, [msg]);
    }
    if (pending.size) timer ??= setTimeout(flush, MEASURE_FLUSH_MS);
  });
  return () => {
    detach();
    if (timer) clearTimeout(timer);
  };
}
