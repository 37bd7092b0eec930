import type { FastifyRequest } from 'fastify';

/**
 * The language of a client's answers: Chinese by default, English when the client asks for it.
 * The client says so with the standard Accept-Language header; the browser app sends the language
 * chosen on its language switch (`en` or `zh-CN`), not the browser's own list. The tag with the
 * highest quality decides: an `en…` tag means English, anything else (or no header) Chinese.
 * See docs/errors.md.
 */
export type Lang = 'zh' | 'en';

export function parseAcceptLanguage(header: string | undefined): Lang {
  if (!header) return 'zh';
  let best: { tag: string; q: number } | null = null;
  // At most 20 entries are looked at: the header is client-controlled.
  for (const part of header.split(',', 20)) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = (rawTag ?? '').trim().toLowerCase();
    if (!tag) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best && (best.tag === 'en' || best.tag.startsWith('en-')) ? 'en' : 'zh';
}

const LANG = Symbol('vg.lang');

/** The request's answer language (parsed once per request). */
export function languageOf(request: FastifyRequest): Lang {
  const r = request as FastifyRequest & { [LANG]?: Lang };
  const header = request.headers['accept-language'];
  r[LANG] ??= parseAcceptLanguage(typeof header === 'string' ? header : undefined);
  return r[LANG];
}
