import type { z } from 'zod';
import { localizeMessage } from '../i18n/domainText';
import { currentLanguage } from '../i18n/i18n';
import { safeParseMarked, zodRuleText, type Issue } from '../../../domain/zodIssueText';

export type FieldErrors = Record<string, string>;

/** A form's check: the data to send, or the message of each field that refused it. */
export type Checked<D> = { ok: true; data: D } | { ok: false; errors: FieldErrors };

/**
 * The result of a per-field check (an empty map passes) as a Checked, sending `data` when it passes.
 * The checks leave a passing field out, so every value present is a message.
 */
export const checkedBy = <D>(errors: Partial<FieldErrors>, data: D): Checked<D> =>
  Object.keys(errors).length ? { ok: false, errors: errors as FieldErrors } : { ok: true, data };

/** Validates a form with a shared zod schema; the first message per field, keyed by field name. */
export function validateForm<S extends z.ZodType>(schema: S, value: unknown): Checked<z.infer<S>> {
  const r = safeParseMarked(schema, value);
  if (r.success) return { ok: true, data: r.data as z.infer<S> };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) errors[String(issue.path[0] ?? '_')] ??= issueMessage(issue);
  return { ok: false, errors };
}

/**
 * One issue of a form's schema (parsed with safeParseMarked) in the user's language: zod's own wording
 * from its code and bounds, a schema's own message through the packs.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return zodRuleText(issue as Issue)?.[currentLanguage() === 'en' ? 'en' : 'zh'] ?? localizeMessage(issue.message);
}
