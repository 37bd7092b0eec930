import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope';
import { parseOr400 } from '../http/validate';
import { sessionOf } from '../auth/session';
import { errors } from '../errors';

/** The message server REST side (spec §7): the web client registers itself when its socket opens. */
export async function messageService(app: FastifyInstance) {
  app.post('/service/web/client', async (request) => {
    const session = sessionOf(request);
    const body = parseOr400(
      z.object({
        userId: z.coerce.number().int().min(0),
        tags: z
          .array(z.union([z.string(), z.number()]))
          .max(20)
          .default([]),
      }),
      request.body,
    );
    if (body.userId !== session.userId) throw errors.DENIED();
    return ok({ userId: body.userId, tags: body.tags.map(String) });
  });
}
