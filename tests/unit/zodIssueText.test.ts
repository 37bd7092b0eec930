import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParseMarked, zodRuleText, type Issue } from '../../domain/zodIssueText';

const issueOf = (schema: z.ZodType, value: unknown) => {
  const r = safeParseMarked(schema, value);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0] as Issue;
};

describe("zod's own messages in both languages (forms and answers)", () => {
  it("says a bound in words, never zod's English", () => {
    expect(zodRuleText(issueOf(z.number().min(-180).max(180), 200))).toEqual({ zh: '不能大于 180', en: 'must be at most 180' });
    expect(zodRuleText(issueOf(z.string().max(20), 'x'.repeat(21)))).toEqual({
      zh: '长度不能超过 20 个字符',
      en: 'must be at most 20 characters',
    });
    expect(zodRuleText(issueOf(z.number(), 'abc'))).toEqual({ zh: '须为数字（收到字符串）', en: 'must be a number (got a string)' });
  });

  it("keeps a schema's own message for the caller to say (null here)", () => {
    expect(zodRuleText(issueOf(z.number().max(180, '经度须在 -180 到 180 之间'), 200))).toBeNull();
  });
});
