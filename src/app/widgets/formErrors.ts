import type { z } from 'zod';
import { localizeMessage } from '../i18n/domainText';

export type FieldErrors = Record<string, string>;

/** Validates a form with a shared zod schema; the first message per field, keyed by field name. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= localizeMessage(issue.message);
  }
  return { ok: false, errors };
}
