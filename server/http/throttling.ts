import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';
import { redisRateStore } from './redisRateStore';

export interface ThrottlingOptions {
  /** with several instances (REDIS_URL): count each address's calls in this Redis, across the instances */
  redisUrl?: string | undefined;
  /** prefix of the Redis keys (the cluster's prefix) */
  prefix?: string | undefined;
}

/**
 * Per-address throttling (@fastify/rate-limit) for the routes that declare `config.rateLimit` — the
 * public login calls. Over the limit the answer is RATE_LIMITED (429) through the error registry.
 * One instance counts in memory; several count in their shared Redis, so an address cannot multiply
 * its allowance by the number of instances.
 */
export const throttling = fp(
  async function throttling(app: FastifyInstance, opts: ThrottlingOptions) {
    let store: ReturnType<typeof redisRateStore> | undefined;
    if (opts.redisUrl) {
      // No offline queue: while Redis is away a count fails at once instead of waiting for it, and the
      // limiter lets the call through (skipOnError below): fail open, logged, never a locked-out login.
      const { createClient } = await import('redis'); // only with several instances: not loaded by a lone one's start
      const redis = createClient({ url: opts.redisUrl, disableOfflineQueue: true });
      redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis (throttling)'));
      await redis.connect();
      app.addHook('onClose', async () => {
        await redis.close();
      });
      store = redisRateStore(redis, opts.prefix ?? 'voltguard', (err) =>
        app.log.warn({ err }, 'login throttle not counted: Redis unreachable, the call is let through'),
      );
    }
    await app.register(rateLimit, {
      global: false,
      ...(store ? { store, skipOnError: true } : {}),
      errorResponseBuilder: () => errors.RATE_LIMITED(),
    });
  },
  { name: 'throttling' },
);
