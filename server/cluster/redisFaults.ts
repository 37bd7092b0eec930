/**
 * The errors node-redis raises because Redis is away (a restart, a network cut), not a defect of ours.
 * Loaded only with REDIS_URL: the package is not loaded at all by a single instance's start.
 */
async function redisOutageErrors(): Promise<(abstract new (...args: never[]) => Error)[]> {
  const r = await import('redis');
  return [r.TimeoutError, r.ClientOfflineError, r.ClientClosedError, r.ConnectionTimeoutError, r.SocketClosedUnexpectedlyError];
}

/**
 * While Redis is away, node-redis rejects every queued command after its timeout; one of those left
 * unhandled — in our code or a library's — would end the process (Node's default for an unhandled
 * rejection), turning a Redis restart into the loss of every instance at once. Those are logged and
 * the instance carries on; any other unhandled rejection still ends the process as before.
 */
export async function surviveRedisOutages(log: (err: unknown) => void): Promise<void> {
  const outages = await redisOutageErrors();
  process.on('unhandledRejection', (reason) => {
    if (outages.some((E) => reason instanceof E)) {
      log(reason);
      return;
    }
    throw reason;
  });
}
