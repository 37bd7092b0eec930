import type { FastifyInstance } from 'fastify';
import type { MeasureMessage } from '../../domain/telemetry';
import { ALL_PROJECTS_ROOM, projectRoom } from './hub';

/**
 * Live values go to the project's room as they are committed. They are state, not events: they are
 * not sequenced or replayed; a client that reconnects reloads the realtime snapshot instead.
 */
export function attachMeasurementPush(app: FastifyInstance): () => void {
  return app.telemetry.writer.onCommitted((batch) => {
    for (const c of batch) {
      const msg: MeasureMessage = { deviceId: c.device.id, projectId: c.device.projectid, time: c.time, values: c.values };
      app.io.to([projectRoom(c.device.projectid), ALL_PROJECTS_ROOM]).emit('measure', msg);
    }
  });
}
