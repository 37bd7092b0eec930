import { EventEmitter } from 'node:events';
import type { RevokeReason } from '../../domain/socketProtocol';

declare module 'fastify' {
  interface FastifyInstance {
    socketBus: SocketBus;
  }
}

/**
 * Which open sockets a session change concerns. The socket layer re-checks each of them against
 * the store (token, user, role, tenant), so a message only has to say whom to look at and why.
 */
export interface SessionScope {
  userIds?: number[];
  tenantIds?: number[];
  /** sha256 hashes of tokens (never the tokens themselves) */
  tokenHashes?: string[];
}

export type BusMessage =
  /** tokens were revoked or users changed: re-check these sockets; `reason` is told to the ones that end */
  { type: 'session.check'; scope: SessionScope; reason: RevokeReason | 'rescope' };

/**
 * The one place revocation and re-scoping travel from where they happen (auth routes, platform
 * operations) to the sockets that must hear them. publish delivers synchronously to this instance's
 * subscribers; with several instances (REDIS_URL, server/cluster/attach.ts) a forwarder carries each
 * message over the cluster bus to the others, which deliver it to theirs, so a logout on one
 * instance reaches the user's sockets on every instance.
 */
export interface SocketBus {
  /** from where it happened: this instance's sockets hear it, and every forwarder carries it on */
  publish(message: BusMessage): void;
  /** from another instance: this instance's sockets only */
  deliver(message: BusMessage): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
  /** carries published messages to the other instances (cluster mode) */
  forward(to: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export class LocalSocketBus implements SocketBus {
  private readonly emitter = new EventEmitter();
  private readonly forwarders = new Set<(message: BusMessage) => void>();

  publish(message: BusMessage): void {
    this.emitter.emit('message', message);
    for (const f of this.forwarders) f(message);
  }

  deliver(message: BusMessage): void {
    this.emitter.emit('message', message);
  }

  forward(to: (message: BusMessage) => void): () => void {
    this.forwarders.add(to);
    return () => this.forwarders.delete(to);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
