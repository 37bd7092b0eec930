import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '../http/envelope';
import { guarded } from '../http/routeOptions';
import { errors } from '../errors';
import { signedIn } from '../access/signedIn';

const clientBody = z.object({
  userId: z.number().int().positive(),
  tags: z
    .array(z.union([z.string().max(64), z.number()]))
    .max(20)
    .default([]),
});

/** The message server REST side (spec §7): the web client registers itself when its socket opens. */
export async function messageService(app: FastifyInstance) {
  const route = signedIn(app);
  route.post('/service/web/client', { schema: { body: clientBody }, config: guarded('self') }, async ({ session, body }) => {
    if (body.userId !== session.userId) throw errors.DENIED();
    return ok({ userId: body.userId, tags: body.tags.map(String) });
  });
}
