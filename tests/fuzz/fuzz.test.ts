import { createHash } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DeclaredRoute } from '../../server/access/guard';
import { startApp, type TestApp } from '../server/helpers';
import { arbitraryOf, HOSTILE_TEXT, hostileValues } from './arbitraries';

/**
 * The fuzz suite (issue 14): every route, with inputs generated from its schema and a hostile corpus.
 * Each answer must be the envelope (or a binary success), never 5xx, never framework or stack text; the
 * server must stay alive; a refused request must change no row. Bounded by REQUESTS_PER_ROUTE and by
 * the clock; it prints how many requests it tried and how many failed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 14_2024);
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 115);
const TIME_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 150_000);
/** Tables a refused request may touch by design: token expiry slides, login failures are recorded. */
const VOLATILE = new Set(['auth_token', 'login_failure', 'login_source_lock', 'login_nonce', 'kysely_migration', 'kysely_migration_lock']);

let t: TestApp;
let app: FastifyInstance;
let routes: DeclaredRoute[];
beforeAll(async () => {
  process.env.VG_CHROMIUM = '/nonexistent/chromium';
  t = await startApp({ telemetry: { remoteTimeoutMs: 20 } });
  app = t.app;
  routes = app.declaredRoutes().filter((r) => r.method !== 'HEAD');
});
afterAll(async () => {
  await t?.close();
});

interface Outcome {
  route: string;
  what: string;
  status: number;
  body: string;
}

/**
 * The envelope, or a binary success (exports, PDF, printable report, file bytes, binary series). The
 * API documentation's own routes answer documents and redirects when they succeed.
 */
function judge(res: LightMyRequestResponse, document = false): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}`;
  if (document && res.statusCode < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (/FST_ERR|FST_[A-Z_]{4,}|\n\s+at\s|\.(?:ts|js|mjs):\d+:\d+/.test(res.body.slice(0, 20_000))) return 'framework or stack text';
  if (!type.includes('application/json')) return res.statusCode === 200 ? null : `non-JSON ${res.statusCode} (${type})`;
  let env: unknown;
  try {
    env = JSON.parse(res.body);
  } catch {
    return 'unparseable JSON';
  }
  if (!env || typeof env !== 'object') return 'not an object';
  const e = env as Record<string, unknown>;
  if (typeof e.code !== 'number' || typeof e.msg !== 'string' || !('data' in e)) return 'not the {code, msg, data} envelope';
  if (e.code !== 0 && !e.msg) return 'an error without a message';
  if (e.code === 0 && res.statusCode !== 200) return `code 0 with HTTP ${res.statusCode}`;
  return null;
}

/**
 * What refused requests must leave alone: every table but the volatile ones, row by row. A cheap
 * change counter (SQLite's total_changes) says when a full comparison is needed at all.
 */
class RowWatch {
  private tables: string[] = [];
  private snapshot = new Map<string, string>();
  private changes = 0;

  constructor(private readonly app: FastifyInstance) {}

  async init(): Promise<void> {
    this.tables = (await this.app.db.introspection.getTables()).map((t) => t.name).filter((n) => !VOLATILE.has(n));
    this.snapshot = await this.take();
    this.changes = this.counter();
  }

  private counter(): number {
    return (this.app.store.sqlite.prepare('select total_changes() as n').get() as { n: number }).n;
  }

  private async take(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const name of this.tables) {
      if (name === 'event_log') {
        // append-only and the largest table: its count and last sequence say whether anything was added
        const r = await this.app.db
          .selectFrom('event_log')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('seq').as('last')])
          .executeTakeFirstOrThrow();
        out.set(name, `${r.n}/${String(r.last)}`);
        continue;
      }
      const rows = await this.app.db
        .selectFrom(name as 'app_user')
        .selectAll()
        .execute();
      const lines = rows.map((r) => JSON.stringify(r)).sort();
      out.set(name, createHash('sha1').update(lines.join('\n')).digest('hex'));
    }
    return out;
  }

  /** After a request: the tables that changed although it was refused (empty when none). */
  async after(refused: boolean): Promise<string[]> {
    const now = this.counter();
    if (now === this.changes) return [];
    this.changes = now;
    const fresh = await this.take();
    const changed = refused ? this.tables.filter((n) => fresh.get(n) !== this.snapshot.get(n)) : [];
    this.snapshot = fresh;
    return changed;
  }
}

interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** what kind of input this is, for the report */
  what: string;
}

type Parts = { body?: unknown; querystring?: unknown; params?: unknown };

const jsonSchemaOf = (s: unknown) => (s instanceof z.ZodType ? z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) : undefined);

/** Puts a hostile value somewhere inside a generated value (or in place of it). */
function mutate(value: unknown, hostile: unknown, pick: number): unknown {
  if (value === null || typeof value !== 'object') return hostile;
  const keys = Object.keys(value as object);
  if (!keys.length) return Array.isArray(value) ? [hostile] : { [`k${pick % 7}`]: hostile, __proto__: hostile };
  const key = keys[pick % keys.length]!;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as object) };
  const inner = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] =
    pick % 3 === 0 || inner === null || typeof inner !== 'object' ? hostile : mutate(inner, hostile, pick >> 2);
  return copy;
}

function urlOf(pattern: string, params: Record<string, unknown> | undefined, rawParam: string | undefined): string {
  return pattern
    .replace(/:([A-Za-z]+)/g, (_m, name: string) => rawParam ?? encodeURIComponent(String(params?.[name] ?? '1')))
    .replace(/\*$/, () => rawParam ?? 'index.css');
}

function queryString(q: unknown): string {
  if (!q || typeof q !== 'object') return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => sp.append(k, String(x)));
    else sp.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Raw request bodies no JSON.stringify would make. */
const RAW_BODIES: [string, string, string][] = [
  ['megabyte string', 'application/json', `{"name":"${'x'.repeat(1_100_000)}"}`],
  ['under-limit huge string', 'application/json', `{"name":"${'y'.repeat(900_000)}","keyword":"${'z'.repeat(20_000)}"}`],
  ['truncated JSON', 'application/json', '{"name": "abc", "page": {"index": 1'],
  ['empty JSON', 'application/json', ''],
  ['prototype key', 'application/json', '{"__proto__": {"isAdmin": true}, "name": "x"}'],
  ['constructor.prototype', 'application/json', '{"constructor": {"prototype": {"isAdmin": true}}}'],
  ['deep nesting', 'application/json', '['.repeat(20_000) + ']'.repeat(20_000)],
  ['huge exponent', 'application/json', '{"id": 1e400, "page": {"index": 1e400, "limit": -1e400}}'],
  ['duplicate keys', 'application/json', '{"id": 1, "id": "x", "name": "a", "name": null}'],
  ['BOM', 'application/json', '\ufeff{"name": "x"}'],
  ['NUL bytes', 'application/json', '{"name": "a\\u0000b\\u001b", "remark": "\\u0000"}'],
  ['text/plain', 'text/plain', '{"name": "x"}'],
  ['xml', 'application/xml', '<a>1</a>'],
  ['form', 'application/x-www-form-urlencoded', 'name=x&id=1'],
  [
    'multipart to a JSON route',
    'multipart/form-data; boundary=zz',
    '--zz\r\ncontent-disposition: form-data; name="a"\r\n\r\nb\r\n--zz--\r\n',
  ],
  ['JSON with charset', 'application/json; charset=latin1', '{"name": "x"}'],
  ['a JSON string', 'application/json', '"just a string"'],
  ['a JSON number', 'application/json', '123456789012345678901234567890'],
  ['JSON null', 'application/json', 'null'],
];

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

function multipart(parts: { name: string; filename?: string; data: Buffer }[], boundary = 'vgfuzzboundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}\r\ncontent-type: application/octet-stream\r\n\r\n`));
    chunks.push(p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Uploads: well-formed, traversal names, wrong types, truncated and malformed forms. */
function uploadCases(): { what: string; contentType?: string; payload: Buffer }[] {
  const mp = 'multipart/form-data; boundary=vgfuzzboundary';
  const good = multipart([{ name: 'file', filename: 'logo.png', data: PNG }]);
  return [
    { what: 'upload: a png', contentType: mp, payload: good },
    ...[
      '../../etc/passwd.png',
      '..\\..\\windows\\logo.png',
      '/etc/passwd',
      'a\u0000b.png',
      '%2e%2e%2flogo.png',
      'x'.repeat(600) + '.png',
      '',
    ].map((filename) => ({
      what: `upload: file name ${JSON.stringify(filename.slice(0, 30))}`,
      contentType: mp,
      payload: multipart([{ name: 'file', filename, data: PNG }]),
    })),
    {
      what: 'upload: an exe named png',
      contentType: mp,
      payload: multipart([{ name: 'file', filename: 'a.png', data: Buffer.from('MZ\x90\x00rest') }]),
    },
    { what: 'upload: truncated mid-file', contentType: mp, payload: good.subarray(0, Math.floor(good.length * 0.6)) },
    { what: 'upload: truncated in the headers', contentType: mp, payload: good.subarray(0, 40) },
    { what: 'upload: no closing boundary', contentType: mp, payload: good.subarray(0, good.length - 20) },
    { what: 'upload: another boundary', contentType: 'multipart/form-data; boundary=other', payload: good },
    { what: 'upload: no boundary', contentType: 'multipart/form-data', payload: good },
    { what: 'upload: wrong field', contentType: mp, payload: multipart([{ name: 'upload', filename: 'a.png', data: PNG }]) },
    {
      what: 'upload: two files',
      contentType: mp,
      payload: multipart([
        { name: 'file', filename: 'a.png', data: PNG },
        { name: 'file', filename: 'b.png', data: PNG },
      ]),
    },
    { what: 'upload: empty file', contentType: mp, payload: multipart([{ name: 'file', filename: 'a.png', data: Buffer.alloc(0) }]) },
    {
      what: 'upload: over the limit',
      contentType: mp,
      payload: multipart([{ name: 'file', filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(200_000, 1)]) }]),
    },
    {
      what: 'upload: __proto__ field',
      contentType: mp,
      payload: multipart([
        { name: '__proto__', data: Buffer.from('x') },
        { name: 'file', filename: 'a.png', data: PNG },
      ]),
    },
    { what: 'upload: JSON body', contentType: 'application/json', payload: Buffer.from('{"file": "x"}') },
    { what: 'upload: no content type', payload: good },
  ];
}

/** The requests of one route: schema-generated, mutated with the hostile corpus, and raw. */
function requestsFor(route: DeclaredRoute, count: number, seed: number): Request[] {
  const schemas = {
    body: jsonSchemaOf(route.schema.body),
    querystring: jsonSchemaOf(route.schema.querystring),
    params: jsonSchemaOf(route.schema.params),
  };
  const partArb = fc.record({
    body: schemas.body ? arbitraryOf(schemas.body) : fc.constant(undefined),
    querystring: schemas.querystring ? arbitraryOf(schemas.querystring) : fc.constant(undefined),
    params: schemas.params ? arbitraryOf(schemas.params) : fc.constant(undefined),
  });
  const samples = fc.sample(partArb, { numRuns: count, seed }) as Parts[];
  const hostile = hostileValues();
  const hasBody = route.method !== 'GET';
  const isUpload = route.url.endsWith('/filemanager/v1/file') && route.method === 'POST';
  const uploads = isUpload ? uploadCases() : [];
  const out: Request[] = [];
  samples.forEach((s, i) => {
    const pick = (i * 7919 + seed) >>> 0;
    const kind = i % 10;
    let body = s.body;
    let query = s.querystring;
    let rawParam: string | undefined;
    let what = 'generated from the schema';
    let raw: [string, string] | undefined;
    if (isUpload && kind < 6) {
      const u = uploads[pick % uploads.length]!;
      out.push({
        method: route.method,
        url: urlOf(route.url, s.params as Record<string, unknown>, undefined) + queryString(query),
        headers: u.contentType ? { 'content-type': u.contentType } : {},
        payload: u.payload,
        what: u.what,
      });
      return;
    }
    if (kind === 5 || kind === 6) {
      const h = hostile[pick % hostile.length];
      if (hasBody && kind === 5) body = mutate(body ?? {}, h, pick >> 3);
      else query = mutate(query ?? {}, typeof h === 'string' ? h : (JSON.stringify(h) ?? 'x'), pick >> 3);
      what = `mutated: ${(JSON.stringify(h) ?? String(h)).slice(0, 40)}`;
    } else if (kind === 7) {
      if (route.url.includes(':') || route.url.endsWith('*')) rawParam = HOSTILE_TEXT[pick % HOSTILE_TEXT.length];
      else query = { ...(query as object), [['id', 'page', '__proto__', 'x'][pick % 4]!]: HOSTILE_TEXT[pick % HOSTILE_TEXT.length] };
      what = `hostile path/query: ${(rawParam ?? '').slice(0, 30)}`;
    } else if (kind === 8 && hasBody) {
      const r = RAW_BODIES[pick % RAW_BODIES.length]!;
      raw = [r[1], r[2]];
      what = `raw body: ${r[0]}`;
    }
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (raw) {
      headers['content-type'] = raw[0];
      payload = raw[1];
    } else if (hasBody && body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (pick % 4 === 0) headers['accept-language'] = 'en-US,en;q=0.9';
    if (route.url.endsWith('/ingest')) headers['x-device-key'] = ['', 'x', 'a'.repeat(43), '\u00ff'][pick % 4]!;
    out.push({
      method: route.method,
      url: urlOf(route.url, s.params as Record<string, unknown>, rawParam) + queryString(query),
      headers,
      payload,
      what,
    });
  });
  return out;
}

describe('fuzz: every route, schema-generated and hostile input', () => {
  it(`answers the envelope, never 5xx, stays alive and changes nothing it refuses (≥10,000 requests)`, { timeout: 240_000 }, async () => {
    const started = Date.now();
    const watch = new RowWatch(app);
    await watch.init();
    const root = (await app.db.selectFrom('app_user').select('id').where('name', '=', 'root').executeTakeFirstOrThrow()).id;
    const tenantUser = (await app.db.selectFrom('app_user').select('id').where('name', '=', 'zhangsan').executeTakeFirstOrThrow()).id;
    const tokens = new Map<number, string>([
      [root, await app.tokens.issue(root)],
      [tenantUser, await app.tokens.issue(tenantUser)],
    ]);
    // The fuzz may revoke its own tokens (a password reset, a suspended tenant): it takes new ones.
    const stale = new Set<number>();
    const tokenOf = async (userId: number) => {
      const tok = tokens.get(userId)!;
      if (!stale.has(userId)) return tok;
      stale.delete(userId);
      if ((await app.tokens.verify(tok)) !== undefined) return tok;
      const exists = await app.db.selectFrom('app_user').select('id').where('id', '=', userId).executeTakeFirst();
      const fresh = exists ? await app.tokens.issue(userId) : tokens.get(root)!;
      tokens.set(userId, fresh);
      return fresh;
    };
    const plans = routes.map((r, i) => ({ route: r, requests: requestsFor(r, REQUESTS_PER_ROUTE, SEED + i * 101) }));
    const failures: Outcome[] = [];
    const perRoute = new Map<string, number>();
    const answers = new Map<string, number>();
    const spent = new Map<string, number>();
    let watchMs = 0;
    let tried = 0;
    outer: for (let i = 0; i < REQUESTS_PER_ROUTE; i++) {
      for (const { route, requests } of plans) {
        if (Date.now() - started > TIME_BUDGET_MS) break outer;
        const req = requests[i];
        if (!req) continue;
        const who = i % 20 === 19 ? null : i % 10 === 3 ? tenantUser : root;
        const headers = { ...req.headers, ...(who !== null ? { authorization: `Bearer ${await tokenOf(who)}` } : {}) };
        let res: LightMyRequestResponse;
        const t0 = performance.now();
        try {
          res = await app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers,
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
        } catch (err) {
          tried++;
          const route0 = `${route.method} ${route.url}`;
          failures.push({
            route: route0,
            what: `${req.what} — no answer: ${(err as Error).message}`,
            status: 0,
            body: req.url.slice(0, 200),
          });
          continue;
        }
        tried++;
        if (who !== null && res.statusCode === 401) stale.add(who);
        spent.set(`${route.method} ${route.url}`, (spent.get(`${route.method} ${route.url}`) ?? 0) + performance.now() - t0);
        const codeOf = String(res.headers['content-type'] ?? '').includes('application/json')
          ? String((JSON.parse(res.body) as { code?: unknown }).code)
          : `binary ${res.statusCode}`;
        answers.set(codeOf, (answers.get(codeOf) ?? 0) + 1);
        const key = `${route.method} ${route.url}`;
        perRoute.set(key, (perRoute.get(key) ?? 0) + 1);
        let fault = judge(res, route.url.startsWith('/docs'));
        if (!fault) {
          const refused =
            String(res.headers['content-type'] ?? '').includes('application/json') && (JSON.parse(res.body) as { code: number }).code !== 0;
          const w0 = performance.now();
          const changed = await watch.after(refused);
          watchMs += performance.now() - w0;
          if (changed.length) fault = `a refused request changed ${changed.join(', ')}`;
        }
        if (fault) failures.push({ route: key, what: `${req.what} — ${fault}`, status: res.statusCode, body: res.body.slice(0, 300) });
        if (tried % 1000 === 0) {
          const probe = async () =>
            app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${await tokenOf(root)}` } });
          let alive = await probe();
          // A fuzzed request of root's may just have ended root's own session (a password change): a
          // refused token is not a dead server — take a new one and ask again.
          if (alive.statusCode === 401) {
            stale.add(root);
            alive = await probe();
          }
          if (alive.json<{ code: number }>().code !== 0)
            failures.push({ route: 'alive', what: 'the server stopped answering', status: alive.statusCode, body: alive.body });
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const uncovered = routes.map((r) => `${r.method} ${r.url}`).filter((k) => !perRoute.get(k));
    console.log(
      `fuzz: ${tried} requests over ${perRoute.size} of ${routes.length} routes in ${seconds} s (seed ${SEED}), ${failures.length} failed`,
    );
    console.log(
      `  answers by envelope code: ${[...answers.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([c, n]) => `${c}×${n}`)
        .join(' ')}`,
    );
    console.log(`  the row watch took ${(watchMs / 1000).toFixed(1)} s`);
    console.log(
      `  slowest routes: ${[...spent.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([r, ms]) => `${r} ${(ms / 1000).toFixed(1)} s`)
        .join('; ')}`,
    );
    for (const f of failures.slice(0, 30)) console.log(`  FAIL ${f.route}: ${f.what} → HTTP ${f.status} ${f.body}`);
    expect(failures).toEqual([]);
    expect(uncovered).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(10_000);
  });
});

describe('fuzz: the harness itself', () => {
  it('the row watch sees a change a refused request would have made', async () => {
    const watch = new RowWatch(app);
    await watch.init();
    expect(await watch.after(true)).toEqual([]);
    await app.db.insertInto('tenant').values({ name: 'fuzz-watch', customConfig: null, createdAt: Date.now() }).execute();
    expect(await watch.after(true)).toEqual(['tenant']);
    expect(await watch.after(true)).toEqual([]);
  });

  it('judges a 5xx, a bare Fastify error and a stack trace as failures', () => {
    const fake = (statusCode: number, body: string, type = 'application/json') =>
      ({ statusCode, body, headers: { 'content-type': type } }) as unknown as LightMyRequestResponse;
    expect(judge(fake(500, '{"code":5000,"msg":"x","data":null}'))).toBe('HTTP 500');
    expect(judge(fake(400, '{"statusCode":400,"code":"FST_ERR_VALIDATION","error":"Bad Request","message":"x"}'))).not.toBeNull();
    expect(judge(fake(400, '{"code":4000,"msg":"at foo (/a/b.ts:1:2)","data":null}'))).not.toBeNull();
    expect(judge(fake(400, '{"code":4000,"msg":"x","data":null}'))).toBeNull();
  });
});

describe('fuzz: the HTTP parser and the router on a real socket', () => {
  let port = 0;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
  });
  const raw = (port: number, text: string) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let out = '';
      socket.on('data', (d) => (out += d.toString('latin1')));
      socket.on('close', () => resolve(out));
      socket.on('error', () => resolve(out));
      socket.setTimeout(5000, () => socket.destroy());
      socket.end(text);
    });

  it.each([
    ['a garbage request line', 'GARBAGE\r\n\r\n'],
    ['a request line without a version', 'GET /auth/v1/user\r\n\r\n'],
    ['oversized headers', `GET /auth/v1/user HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`],
    ['a bad header line', 'GET /auth/v1/user HTTP/1.1\r\nHost x\r\n\r\n'],
    ['two Content-Lengths', 'POST /auth/v1/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}x'],
    ['bad percent-encoding', 'GET /auth/v1/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['a NUL in the path', 'GET /auth/v1/user%00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['English for a parser error', 'GARBAGE\r\nAccept-Language: en\r\n\r\n'],
  ])('%s gets an envelope, and the server answers afterwards', async (_what, text) => {
    const answer = await raw(port, text);
    const [head, body] = [answer.slice(0, answer.indexOf('\r\n\r\n')), answer.slice(answer.indexOf('\r\n\r\n') + 4)];
    expect(head).toMatch(/^HTTP\/1\.1 (4\d\d)/);
    const env = JSON.parse(body) as { code: number; msg: string; data: unknown };
    expect(env.code).not.toBe(0);
    expect(env.msg).not.toMatch(/FST_|Client Error|Bad Request/);
    expect(env.data).toBeNull();
    const alive = await fetch(`http://127.0.0.1:${port}/auth/v1/permissions`);
    expect((await alive.json()) as { code: number }).toMatchObject({ code: 401 });
  });
});
