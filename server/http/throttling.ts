import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

/**
 * Per-address throttling (@fastify/rate-limit) for the routes that declare `config.rateLimit` — the
 * public login calls. Over the limit the answer is RATE_LIMITED (429) through the error registry.
 */
export const throttling = fp(
  async function throttling(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => errors.RATE_LIMITED(),
    });
  },
  { name: 'throttling' },
);
