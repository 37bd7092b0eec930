import type { z } from 'zod';
import { localizeMessage } from '../i18n/domainText';
import { currentLanguage } from '../i18n/i18n';
import { safeParseMarked, zodRuleText, type Issue } from '../../../domain/zodIssueText';

export type FieldErrors = Record<string, string>;

/** Validates a form with a shared zod schema; the first message per field, keyed by field name. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
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
