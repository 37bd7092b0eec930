import { z } from 'zod';

/**
 * Request pieces the routes share. Ids are positive safe integers; in a path or query they are the
 * plain decimal digits of one ("1abc", "1e3", "0x10", " 7" are refused, not coerced).
 */
const ID_MSG = '须为正整数';

/** A positive safe integer in a JSON body. */
export const positiveId = z.number().int().positive();

/** A positive id written in a path or query string. */
export const idText = z
  .string()
  .max(16)
  .regex(/^[1-9]\d{0,15}$/, ID_MSG)
  .transform(Number)
  .pipe(z.number().int().positive());

/** An integer of either sign in a path or query string (a control point, a timestamp). */
export const intText = z
  .string()
  .max(17)
  .regex(/^-?(0|[1-9]\d{0,15})$/, '须为整数')
  .transform(Number)
  .pipe(z.number().int());

export const idParams = z.object({ id: idText });

/** A body whose fields are all optional may also be absent (null): it then means `{}`. */
export function orEmpty<S extends z.ZodObject>(schema: S) {
  return z.union([schema, z.null()]).transform((v) => v ?? schema.parse({}));
}

/** A route that takes no body: an empty one, `{}` or nothing. */
export const noBody = z.union([z.object({}).strict(), z.null()]);
