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
 * operations) to the sockets that must hear them. In process today: publish delivers synchronously
 * to this instance's subscribers. With several server instances (issue 16) this interface is carried
 * over Redis pub/sub, so a logout on one instance reaches the user's sockets on every instance.
 */
export interface SocketBus {
  publish(message: BusMessage): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

export class LocalSocketBus implements SocketBus {
  private readonly emitter = new EventEmitter();

  publish(message: BusMessage): void {
    this.emitter.emit('message', message);
  }

  subscribe(listener: (message: BusMessage) => void): () => void {
    this.emitter.on('message', listener);
    return () => this.emitter.off('message', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
