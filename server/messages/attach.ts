import type { FastifyInstance } from 'fastify';
import { PacedFanOut } from './fanOut';
import { PushHub } from './hub';
import { attachMeasurementPush } from './measurements';
import { watchSessions } from './sessionWatch';
import { listenForWatch } from './watch';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushHub;
  }
}

const DEFAULT_PUSH_WINDOW = 5000;

/** Wires the event log to socket.io: every published event goes to the rooms allowed to see it. */
export async function attachPush(app: FastifyInstance, window = DEFAULT_PUSH_WINDOW): Promise<PushHub> {
  const fanOut = new PacedFanOut(app.io);
  const hub = new PushHub(app, app.io, window, fanOut);
  await hub.load();
  app.eventLog.onEvent((ev) => hub.publish(ev));
  app.io.on('connection', (socket) => {
    listenForWatch(app, socket);
    hub.connect(socket).catch((err) => {
      app.log.error({ err }, 'push connect failed');
      socket.disconnect(true);
    });
  });
  const detachMeasurements = attachMeasurementPush(app, fanOut);
  const stopWatching = watchSessions(app, hub);
  app.addHook('preClose', async () => {
    detachMeasurements();
    stopWatching();
    fanOut.stop();
  });
  app.decorate('push', hub);
  return hub;
}
