import type { FastifyInstance } from 'fastify';
import { SOCKET_EVENT } from '../../domain/socketProtocol';

/**
 * The store banner's server side (issue 34): every console connecting to this instance is told
 * whether its store takes writes, and every console of this instance is told when that changes. Each
 * instance speaks for its own store connection (io.local: not relayed through the cluster adapter).
 * After telemetry and push: the ingest writer's commits and failures and the event log feed it.
 */
export function announceStoreHealth(app: FastifyInstance): void {
  const health = app.storeHealth;
  app.telemetry.writer.onFailed((err) => health.observe(err));
  app.telemetry.writer.onCommitted(() => health.recovered());
  // any committed event, of this instance or (through the cluster) of another on the same store
  app.eventLog.onEvent(() => health.recovered());
  app.io.on('connection', (socket) => void socket.emit(SOCKET_EVENT.STORE, health.current));
  const stop = health.onChange((notice) => app.io.local.emit(SOCKET_EVENT.STORE, notice));
  app.addHook('preClose', async () => {
    stop();
  });
}
