import type { Server } from 'socket.io';
import type { DomainEvent } from '../eventLog/eventLog';
import type { CommandAck } from '../../domain/telemetry';
import type { BusMessage } from '../auth/sessionBus';

/** What instances tell each other, by message name. */
export interface ClusterMessages {
  /** a domain event this instance committed */
  event: DomainEvent;
  /** latest values and device sightings of batches this instance took: [device, dataId, logicalId, time, value, status]… and [device, at]… */
  readings: { latest: number[]; seen: number[] };
  /** a command waits in the shared queue for this device */
  'command-pending': number;
  /** a device acknowledged commands to this instance */
  'command-ack': { deviceId: number; acks: CommandAck[] };
  /** a session change (revocation, re-scope) the sockets of every instance must check */
  session: BusMessage;
}

/**
 * Messages between instances over socket.io's adapter (the Redis Streams adapter: server-side emits
 * travel through Redis and reach every other instance). Nothing here is clustering of our own: the
 * adapter carries the bytes, the database orders what must be ordered.
 */
export class ClusterBus {
  /** only its server-side events: the typed console events are not the instances' business */
  constructor(private readonly io: Pick<Server, 'serverSideEmit'>) {}

  emit<K extends keyof ClusterMessages>(name: K, payload: ClusterMessages[K]): void {
    this.io.serverSideEmit(`vg:${name}`, payload);
  }

  on<K extends keyof ClusterMessages>(name: K, handler: (payload: ClusterMessages[K]) => void): void {
    (this.io as unknown as { on(ev: string, h: (p: ClusterMessages[K]) => void): void }).on(`vg:${name}`, handler);
  }
}
