import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DeclaredRoute } from '../../server/access/guard';
import { startApp, type TestApp } from './helpers';

/**
 * Every string and every list a route accepts has a bound, checked on the JSON Schema of each declared
 * zod schema (the same one the OpenAPI document shows).
 */
let t: TestApp;
let routes: DeclaredRoute[];
beforeAll(async () => {
  t = await startApp();
  routes = t.app.declaredRoutes().filter((r) => r.method !== 'HEAD');
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;

/** Paths of unbounded strings, lists and maps in a JSON Schema. */
function unbounded(s: unknown, path: string, out: string[]): void {
  if (!s || typeof s !== 'object') return;
  const node = s as Json;
  if (node.type === 'string' && node.maxLength === undefined && node.enum === undefined && node.const === undefined)
    out.push(`${path} (string)`);
  if (node.type === 'array' && node.maxItems === undefined) out.push(`${path} (list)`);
  // `additionalProperties: {}`: a passthrough node whose fields are re-validated per level in the handler
  // (write/hierachy and account/node), where whatever is not a field of that level is dropped.
  const passthrough = JSON.stringify(node.additionalProperties) === '{}';
  if (
    node.type === 'object' &&
    node.additionalProperties &&
    typeof node.additionalProperties === 'object' &&
    !passthrough &&
    node.maxProperties === undefined
  ) {
    // a map: its size is bounded by a refinement (not expressible here) or by the body limit; its keys must be bounded
    const keys = node.propertyNames as Json | undefined;
    if (!keys || (keys.maxLength === undefined && keys.enum === undefined)) out.push(`${path} (map keys)`);
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === 'properties' && v && typeof v === 'object') for (const [p, ps] of Object.entries(v)) unbounded(ps, `${path}.${p}`, out);
    else if (k === 'items') unbounded(v, `${path}[]`, out);
    else if (k === 'anyOf' || k === 'oneOf' || k === 'allOf') (v as unknown[]).forEach((b, i) => unbounded(b, `${path}|${i}`, out));
    else if (k === 'additionalProperties' || k === 'propertyNames') unbounded(v, `${path}{}`, out);
  }
}

describe('every string and list a route takes is bounded', () => {
  it('holds for every declared schema', () => {
    const found: string[] = [];
    let schemas = 0;
    for (const r of routes) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const s = r.schema[part];
        if (!(s instanceof z.ZodType)) continue;
        schemas++;
        const json = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
        unbounded(json, `${r.method} ${r.url} ${part}`, found);
      }
    }
    expect(schemas).toBeGreaterThan(80);
    expect(found).toEqual([]);
  });
});
