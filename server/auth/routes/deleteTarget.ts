import type { FastifyRequest } from 'fastify';
import { deleteBody } from '../../../domain/schemas/auth';
import { parseOr400 } from '../../http/validate';

/** DELETE names its target by ?id=, or a body {id} or {ids: [...]}. */
export function deleteIds(request: FastifyRequest): number[] {
  const q = request.query as Record<string, unknown>;
  const source = q && q.id !== undefined ? { id: q.id } : request.body;
  const parsed = parseOr400(deleteBody, source ?? {});
  return 'ids' in parsed ? parsed.ids : [parsed.id];
}
