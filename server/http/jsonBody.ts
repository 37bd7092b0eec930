import { errors } from '../errors';
import { tx } from '../text/text';
import { loneSurrogatePath } from './loneSurrogates';

/** Deeper nesting than any request of ours needs; beyond it JSON.stringify of a payload would overflow. */
const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in a JSON text, stopping early past `limit`. */
function depthOf(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/**
 * Whether a key of the text can be `__proto__` or `constructor`. A JSON string spells a letter or an
 * underscore either as itself or as a \u escape, so a text with neither word and no \u escape has no
 * such key and is parsed without the reviver: a reviver takes JSON.parse off its fast path, and it was
 * 7 of the 86 s the server spent on the notify bench's HTTP ingest (issue 32).
 */
const mayHoldForbiddenKey = (text: string) => text.includes('\\u') || text.includes('__proto__') || text.includes('constructor');

/**
 * Parses a JSON request body: empty, malformed, too deeply nested, or holding a `__proto__` or
 * `constructor.prototype` key (prototype pollution) each answer their own INVALID_JSON message; a
 * string (a name, any field) holding a lone UTF-16 surrogate is refused naming its field.
 */
export function parseJsonBody(text: string): unknown {
  if (text.length === 0 || text.trim() === '') throw errors.INVALID_JSON(tx('请求体为空', 'the body is empty'));
  if (depthOf(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw errors.INVALID_JSON(tx(`嵌套超过 ${MAX_JSON_DEPTH} 层`, `it nests deeper than ${MAX_JSON_DEPTH} levels`));
  let forbidden: string | null = null;
  let value: unknown;
  try {
    value = mayHoldForbiddenKey(text)
      ? JSON.parse(text, function (key, v: unknown) {
          if (key === '__proto__' || (key === 'constructor' && v !== null && typeof v === 'object' && 'prototype' in v)) forbidden ??= key;
          return v;
        })
      : JSON.parse(text);
  } catch (err) {
    const where = /position (\d+)/.exec((err as Error).message)?.[1];
    throw errors.INVALID_JSON(
      where ? tx(`第 ${where} 个字符处有语法错误`, `syntax error at character ${where}`) : tx('语法错误', 'syntax error'),
    );
  }
  if (forbidden) throw errors.INVALID_JSON(tx(`不允许含有键 ${forbidden}`, `the key ${forbidden} is not allowed`));
  const lone = loneSurrogatePath(text, value);
  if (lone)
    throw errors.BAD_REQUEST(
      tx(
        `${lone}：含有不成对的 UTF-16 代理项（\\uD800–\\uDFFF），不是有效的文字`,
        `${lone}: holds a lone UTF-16 surrogate (\\uD800–\\uDFFF), which is not valid text`,
      ),
    );
  return value;
}
