import { z } from 'zod';
import { tx, type Text } from '../text/text';
import { domainMessageEn } from './domainMessagesEn';
import { zodRuleText, type Issue } from '../../domain/zodIssueText';

/*
 * zod issues as messages that name the field, in both answer languages: zod's own messages are said
 * from the issue's code and bounds (domain/zodIssueText.ts), a message a schema gives itself (the
 * spec's Chinese wording) is kept and translated for English clients.
 */

/** Where a field sits: the body, the query string or the path. */
export type Part = 'body' | 'querystring' | 'params' | 'headers';

const PART_TEXT: Record<Part, Text> = {
  body: tx('请求体', 'body'),
  querystring: tx('查询参数', 'query'),
  params: tx('路径参数', 'path'),
  headers: tx('请求头', 'header'),
};

/** The rule an issue broke, without the field name. */
function ruleText(issue: Issue): Text {
  const rule = zodRuleText(issue);
  if (rule) return rule;
  const en = domainMessageEn(issue.message);
  return tx(issue.message, en ?? issue.message);
}

/**
 * A union (e.g. a body that may also be absent) reports the issues of the branch that got furthest:
 * one whose every issue sits inside the value (the shape matched, some fields did not) tells more
 * than "matches none of the forms".
 */
function flatten(issues: readonly z.core.$ZodIssue[]): Issue[] {
  return issues.flatMap((issue): Issue[] => {
    if (issue.code !== 'invalid_union') return [issue as Issue];
    const deep = issue.errors.find((b) => b.length > 0 && b.every((i) => i.path.length > 0));
    if (!deep) return [issue as Issue];
    return flatten(deep.map((i) => ({ ...i, path: [...issue.path, ...i.path] }) as z.core.$ZodIssue));
  });
}

function fieldOf(issue: Issue, part: Part | undefined): Text {
  const name = issue.path
    .map((p) => String(p).slice(0, 40))
    .join('.')
    .slice(0, 120);
  if (!part) return tx(name, name);
  const p = PART_TEXT[part];
  if (!name) return p;
  return part === 'body' ? tx(name, name) : tx(`${p.zh} ${name}`, `${p.en} ${name}`);
}

/** "name：长度不能超过 20 个字符；age：须为数字（收到字符串）" in both languages. */
export function issuesText(raw: readonly z.core.$ZodIssue[], part?: Part): Text {
  const issues = flatten(raw);
  const shown = issues.slice(0, 5).map((i) => {
    const field = fieldOf(i as Issue, part);
    const rule = ruleText(i as Issue);
    return { zh: field.zh ? `${field.zh}：${rule.zh}` : rule.zh, en: field.en ? `${field.en}: ${rule.en}` : rule.en };
  });
  const extra = issues.length - shown.length;
  return {
    zh: shown.map((s) => s.zh).join('；') + (extra > 0 ? `；另有 ${extra} 处错误` : ''),
    en: shown.map((s) => s.en).join('; ') + (extra > 0 ? `; and ${extra} more` : ''),
  };
}
