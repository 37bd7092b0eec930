import type { z } from 'zod';
import type { FastifySchemaCompiler } from 'fastify';
import { errors } from '../errors';
import { issuesText, type Part } from './issues';
import { safeParseMarked } from '../../domain/zodIssueText';

/** Formats zod issues so the message names each offending field (Chinese; for data, not answers). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issuesText(issues).zh;
}

/** Parses inside a handler (for shapes that depend on an already checked field); 4000 when bad. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown, part?: Part): z.infer<S> {
  const r = safeParseMarked(schema, value);
  if (!r.success) throw errors.BAD_REQUEST(issuesText(r.error.issues, part));
  return r.data;
}

/**
 * Fastify's validator compiler for the zod schemas routes declare (the type provider's, with our
 * messages): a failure is a BAD_REQUEST naming the field and the part (body, query, path).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = (['body', 'querystring', 'params', 'headers'] as const).find((p) => p === httpPart) ?? 'body';
  return (data: unknown) => {
    const r = safeParseMarked(schema, data);
    if (r.success) return { value: r.data };
    return { error: errors.BAD_REQUEST(issuesText(r.error.issues, part)) };
  };
};
