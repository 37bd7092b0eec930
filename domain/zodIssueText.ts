import type { z } from 'zod';

/** A message in both languages (the server's Text has this shape). */
interface BothLanguages {
  readonly zh: string;
  readonly en: string;
}
const tx = (zh: string, en: string): BothLanguages => ({ zh, en });
type Text = BothLanguages;
type Lang = 'zh' | 'en';

/**
 * zod's own messages are English ("Too big: expected number to be <=180"). Schemas are parsed with a
 * per-parse error map that marks them, and they are said here from the issue's code and bounds in both
 * languages — by the server in its answers and by the console in its forms (issue 30: a Chinese form
 * showed zod's English). A message a schema gives itself (the spec's Chinese wording) is kept.
 */
const DEFAULT_MARK = '\u0000vg-default';
const markDefaults = () => DEFAULT_MARK;

/** safeParse that keeps the input type for messages and marks zod's default messages. */
export function safeParseMarked<S extends z.ZodType>(schema: S, value: unknown) {
  return schema.safeParse(value, { error: markDefaults, reportInput: true });
}

const TYPE_TEXT: Record<string, Text> = {
  string: tx('字符串', 'a string'),
  number: tx('数字', 'a number'),
  int: tx('整数', 'an integer'),
  boolean: tx('布尔值', 'a boolean'),
  object: tx('对象', 'an object'),
  array: tx('数组', 'a list'),
  null: tx('null', 'null'),
  undefined: tx('空', 'nothing'),
  bigint: tx('整数', 'an integer'),
  date: tx('日期', 'a date'),
  nan: tx('NaN', 'NaN'),
  literal: tx('指定值', 'the given value'),
};

function typeOfInput(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && Number.isNaN(v)) return 'nan';
  return typeof v;
}
const typeText = (t: string): Text => TYPE_TEXT[t] ?? tx(t, t);

/** Shows a value of an enum/literal list briefly; never echoes client input. */
const showValue = (v: unknown) => (typeof v === 'string' ? `"${v.slice(0, 40)}"` : String(v));

function listOf(values: readonly unknown[], lang: Lang): string {
  const shown = values.slice(0, 12).map(showValue);
  const more = values.length > 12 ? (lang === 'zh' ? ` 等 ${values.length} 项` : ` and ${values.length - 12} more`) : '';
  return shown.join(lang === 'zh' ? '、' : ', ') + more;
}

export type Issue = z.core.$ZodIssue & { input?: unknown };

function bound(n: number | bigint): string {
  return typeof n === 'bigint' ? n.toString() : Number.isSafeInteger(n) || !Number.isFinite(n) ? String(n) : n.toPrecision(6);
}

/** The rule a zod-worded issue broke, without the field name; null when the schema gave its own message. */
export function zodRuleText(issue: Issue): Text | null {
  if (issue.message !== DEFAULT_MARK) return null;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return tx('缺少此字段', 'is required');
      const want = typeText(issue.expected);
      const got = typeText(typeOfInput(issue.input));
      return tx(`须为${want.zh}（收到${got.zh}）`, `must be ${want.en} (got ${got.en})`);
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      const incl = issue.inclusive !== false;
      switch (issue.origin) {
        case 'string':
          return tx(`长度不能超过 ${max} 个字符`, `must be at most ${max} characters`);
        case 'array':
        case 'set':
          return tx(`最多 ${max} 项`, `must have at most ${max} items`);
        case 'file':
          return tx(`不能超过 ${max} 字节`, `must be at most ${max} bytes`);
        default:
          return incl ? tx(`不能大于 ${max}`, `must be at most ${max}`) : tx(`须小于 ${max}`, `must be less than ${max}`);
      }
    }
    case 'too_small': {
      const min = bound(issue.minimum);
      const incl = issue.inclusive !== false;
      switch (issue.origin) {
        case 'string':
          return min === '1' ? tx('不能为空', 'must not be empty') : tx(`长度至少 ${min} 个字符`, `must be at least ${min} characters`);
        case 'array':
        case 'set':
          return tx(`至少 ${min} 项`, `must have at least ${min} items`);
        default:
          return incl ? tx(`不能小于 ${min}`, `must be at least ${min}`) : tx(`须大于 ${min}`, `must be greater than ${min}`);
      }
    }
    case 'invalid_format':
      return tx('格式不正确', 'has the wrong format');
    case 'not_multiple_of':
      return tx(`须为 ${bound(issue.divisor)} 的倍数`, `must be a multiple of ${bound(issue.divisor)}`);
    case 'unrecognized_keys': {
      const keys = issue.keys.slice(0, 10).map((k) => k.slice(0, 40));
      return tx(`不支持的字段：${keys.join('、')}`, `unknown fields: ${keys.join(', ')}`);
    }
    case 'invalid_value':
      return issue.values.length === 1
        ? tx(`须为 ${showValue(issue.values[0])}`, `must be ${showValue(issue.values[0])}`)
        : tx(`须为以下之一：${listOf(issue.values, 'zh')}`, `must be one of: ${listOf(issue.values, 'en')}`);
    case 'invalid_union':
      return tx('取值不符合任何允许的形式', 'matches none of the allowed forms');
    case 'invalid_key':
      return tx('含有不合法的键', 'has an invalid key');
    case 'invalid_element':
      return tx('含有不合法的元素', 'has an invalid element');
    case 'custom':
      return tx('取值不合法', 'is not valid');
    default:
      return tx('取值不合法', 'is not valid');
  }
}
