import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { createClient } from 'redis';
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
      const redis = createClient({ url: opts.redisUrl });
      redis.on('error', (err: Error) => app.log.warn({ err }, 'Redis (throttling)'));
      await redis.connect();
      app.addHook('onClose', async () => {
        await redis.close();
      });
      store = redisRateStore(redis, opts.prefix ?? 'voltguard');
    }
    await app.register(rateLimit, {
      global: false,
      ...(store ? { store } : {}),
      errorResponseBuilder: () => errors.RATE_LIMITED(),
    });
  },
  { name: 'throttling' },
);
