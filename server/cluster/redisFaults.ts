import { ClientClosedError, ClientOfflineError, ConnectionTimeoutError, SocketClosedUnexpectedlyError, TimeoutError } from 'redis';

const OUTAGE_ERRORS = [TimeoutError, ClientOfflineError, ClientClosedError, ConnectionTimeoutError, SocketClosedUnexpectedlyError];

/** An error node-redis raises because Redis is away (a restart, a network cut), not a defect of ours. */
function isRedisOutage(err: unknown): boolean {
  return OUTAGE_ERRORS.some((E) => err instanceof E);
}

/**
 * While Redis is away, node-redis rejects every queued command after its timeout; one of those left
 * unhandled — in our code or a library's — would end the process (Node's default for an unhandled
 * rejection), turning a Redis restart into the loss of every instance at once. Those are logged and
 * the instance carries on; any other unhandled rejection still ends the process as before.
 */
export function surviveRedisOutages(log: (err: unknown) => void): void {
  process.on('unhandledRejection', (reason) => {
    if (isRedisOutage(reason)) {
      log(reason);
      return;
    }
    throw reason;
  });
}
