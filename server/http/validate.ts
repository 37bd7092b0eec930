import type { z } from 'zod';
import { errors } from '../errors';

/** Formats zod issues so the message names each offending field. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}：${i.message}` : i.message))
    .join('；');
}

export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw errors.BAD_REQUEST(describeIssues(r.error.issues));
  return r.data;
}
