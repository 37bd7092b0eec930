/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Only a \uD800–\uDFFF escape in the JSON text can make one (raw bytes that are not UTF-8 decode to U+FFFD). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * The path (`rootCondition.page.name`, `0.remark`) of the first string in a parsed JSON body holding a
 * lone UTF-16 surrogate, or null. Such a string is no text at all: it cannot be encoded as UTF-8, so
 * PostgreSQL refuses it, SQLite stores U+FFFD in its place, and exports and other clients break on it.
 */
export function loneSurrogatePath(text: string, value: unknown): string | null {
  if (!SURROGATE_ESCAPE.test(text)) return null;
  const walk = (v: unknown, path: string): string | null => {
    if (typeof v === 'string') return LONE_SURROGATE.test(v) ? path || '(body)' : null;
    if (v === null || typeof v !== 'object') return null;
    for (const [k, child] of Object.entries(v)) {
      // a key is named by itself
      if (LONE_SURROGATE.test(k)) return path ? `${path}.${k}` : k;
      const found = walk(child, path ? `${path}.${k}` : k);
      if (found) return found;
    }
    return null;
  };
  return walk(value, '');
}
