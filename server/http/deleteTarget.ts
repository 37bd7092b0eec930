import { z } from 'zod';
import { DELETE_TARGET_MSG, deleteBody } from '../../domain/schemas/auth';
import { errors } from '../errors';
import { tx } from '../text/text';
import { idText } from './wire';

/** DELETE names its target by ?id=, or a body {id} or {ids: [...]}. */
export const deleteSchema = {
  querystring: z.object({ id: idText.optional() }),
  body: z.union([deleteBody, z.null()]),
};

export function deleteIds(query: { id?: number | undefined }, body: z.infer<typeof deleteSchema.body>): number[] {
  if (query.id !== undefined) return [query.id];
  if (!body) throw errors.BAD_REQUEST(tx(DELETE_TARGET_MSG, 'name what to delete (query id, or a body {id} / {ids})'));
  return 'ids' in body ? body.ids : [body.id];
}
