import type { FastifyInstance } from 'fastify';
import type { createClient } from 'redis';
import type { DomainEvent } from '../eventLog/eventLog';
import type { LatestValue } from '../telemetry/realtime';
import type { Threshold } from '../../domain/telemetry';
import { ClusterBus } from './bus';
import { EventSequencer } from './eventSequencer';
import { RedisCommandQueue } from './commandQueue';

export interface ClusterOptions {
  /** redis://… of the Redis every instance shares */
  redisUrl: string;
  /** prefix of every Redis key and channel, so several deployments can share one Redis (default voltguard) */
  prefix?: string;
  /** how often the event log is read for events whose message never arrived (default 1 s) */
  catchUpMs?: number;
}

type RedisClient = ReturnType<typeof createClient>;

declare module 'fastify' {
  interface FastifyInstance {
    /** set with REDIS_URL: the instances' shared Redis and message bus */
    cluster: { redis: RedisClient; bus: ClusterBus; sequencer: EventSequencer; prefix: string } | null;
  }
}

/** Values gathered this long are relayed as one message. */
const RELAY_MS = 50;

/**
 * Multi-instance mode: socket.io's Redis Streams adapter joins the instances' socket servers, and
 * every piece of state an instance keeps in memory follows what the others do:
 * - domain events of every instance reach every instance's listeners in sequence order (push to its
 *   consoles and their replay, device status, thresholds, alarm ranks);
 * - latest values and device sightings reach every instance (realtime screens, and the comm watch of
 *   whichever instance runs the periodic jobs);
 * - remote commands wait in Redis for their device, whichever instance it reports to, and the ack
 *   comes back to the instance that sent the command.
 */
export async function attachCluster(app: FastifyInstance, opts: ClusterOptions): Promise<void> {
  const prefix = opts.prefix ?? 'voltguard';
  // Loaded here, not at the top: a lone instance (no REDIS_URL) starts without loading either package.
  const [{ createClient: connectRedis }, { createAdapter }] = await Promise.all([
    import('redis'),
    import('@socket.io/redis-streams-adapter'),
  ]);
  const redis: RedisClient = connectRedis({ url: opts.redisUrl });
  redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis'));
  await redis.connect();
  app.io.adapter(createAdapter(redis, { streamName: `${prefix}:socket.io`, channelPrefix: `${prefix}:socket.io` }));
  const bus = new ClusterBus(app.io);
  const t = app.telemetry;

  // Events: this instance's and the others', one order.
  const sequencer = new EventSequencer(
    app.db,
    app.push.headSeq(),
    (ev) => app.eventLog.deliver(ev),
    (err) => app.log.error({ err }, 'event catch-up failed'),
  );
  app.eventLog.routeThrough((ev) => {
    bus.emit('event', ev);
    sequencer.offer(ev);
  });
  bus.on('event', (ev) => sequencer.offer(ev));
  app.push.setCatchUp(() => sequencer.catchUp());
  const catchUp = setInterval(() => void sequencer.catchUp(), opts.catchUpMs ?? 1000);
  catchUp.unref();
  const stopObserving = app.eventLog.onEvent((ev) => observe(app, ev));

  // Latest values and sightings, coalesced.
  let latest: number[] = [];
  let seen: number[] = [];
  let relayTimer: NodeJS.Timeout | null = null;
  const relay = () => {
    relayTimer = null;
    if (latest.length || seen.length) bus.emit('readings', { latest, seen });
    latest = [];
    seen = [];
  };
  const soon = () => {
    relayTimer ??= setTimeout(relay, RELAY_MS);
  };
  const stopCommitted = t.writer.onCommitted((batch) => {
    for (const c of batch) for (const r of c.readings) latest.push(c.device.id, r.def.dataId, r.logicalId, r.time, r.value, r.status);
    soon();
  });
  const stopSeen = t.onSeen((deviceId, at) => {
    seen.push(deviceId, at);
    soon();
  });
  bus.on('readings', (m) => {
    const values: LatestValue[] = [];
    for (let i = 0; i + 5 < m.latest.length; i += 6) {
      const [deviceid, dataid, logicalid, time, value, status] = m.latest.slice(i, i + 6) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      values.push({ deviceid, dataid, logicalid, time, value, status });
    }
    t.applyPeerReadings(values);
    for (let i = 0; i + 1 < m.seen.length; i += 2) t.applyPeerSeen(m.seen[i]!, m.seen[i + 1]!);
  });

  // Commands.
  t.channel.share(new RedisCommandQueue(redis, prefix), {
    pending: (deviceId) => bus.emit('command-pending', deviceId),
    acked: (deviceId, acks) => bus.emit('command-ack', { deviceId, acks: [...acks] }),
  });
  bus.on('command-pending', (deviceId) => t.channel.wakeUp(deviceId));
  bus.on('command-ack', ({ deviceId, acks }) => t.channel.resolve(deviceId, acks));

  // Session changes (logout, password change, "logged in elsewhere", …) reach every instance's sockets.
  const stopForwarding = app.socketBus.forward((m) => bus.emit('session', m));
  bus.on('session', (m) => app.socketBus.deliver(m));

  app.decorate('cluster', { redis, bus, sequencer, prefix });
  app.addHook('preClose', async () => {
    clearInterval(catchUp);
    if (relayTimer) clearTimeout(relayTimer);
    relay();
    stopCommitted();
    stopSeen();
    stopObserving();
    stopForwarding();
  });
  app.addHook('onClose', async () => {
    sequencer.close();
    app.eventLog.routeThrough(null);
    // socket.io's close (server/messages/socket.ts) closed the adapter; now its publishing client.
    await redis.close().catch(() => undefined);
  });
}

/** What an instance keeps in memory about other instances' writes, kept up to date from their events. */
function observe(app: FastifyInstance, ev: DomainEvent): void {
  const t = app.telemetry;
  const p = ev.payload as Record<string, unknown>;
  if (ev.kind === 'device.status_changed' && typeof p.deviceId === 'number' && typeof p.to === 'number') {
    t.devices.observeStatus(p.deviceId, p.to);
  } else if (ev.kind === 'threshold.saved' && typeof p.deviceId === 'number' && Array.isArray(p.thresholds)) {
    t.thresholds.observe(p.deviceId, p.thresholds as Threshold[]);
  } else if (ev.kind === 'alarm.raised' || ev.kind === 'alarm.ended') {
    t.alarms.observe(ev);
  }
}
