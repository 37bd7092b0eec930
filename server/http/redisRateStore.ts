import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** What the store needs of a node-redis client. */
export interface ScriptRunner {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** INCR the window's counter; the first hit of a window sets its expiry. Answers [count, ms left]. */
const INCR_LUA = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}
`;

/**
 * A @fastify/rate-limit store on the cluster's Redis (node-redis; the plugin's own Redis store wants
 * ioredis), so an address throttled by one instance is throttled by all of them: with REDIS_URL the
 * login calls are limited per address across the instances, not per instance.
 */
export function redisRateStore(redis: ScriptRunner, prefix: string, onError: (err: Error) => void): FastifyRateLimitStoreCtor {
  class RedisRateStore implements FastifyRateLimitStore {
    private readonly key: string;
    constructor(_options: FastifyRateLimitOptions, key = `${prefix}:ratelimit:`) {
      this.key = key;
    }

    incr(address: string, done: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      redis.eval(INCR_LUA, { keys: [this.key + address], arguments: [String(timeWindow)] }).then(
        (reply) => {
          const [current, ttl] = reply as [number, number];
          done(null, { current, ttl });
        },
        (err: unknown) => {
          const e = err instanceof Error ? err : new Error(String(err));
          onError(e);
          done(e);
        },
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes the route's merged options with routeInfo {method, url}: one counter per route.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new RedisRateStore({}, `${this.key}${route?.method ?? ''}${route?.url ?? ''}:`);
    }
  }
  return RedisRateStore;
}
