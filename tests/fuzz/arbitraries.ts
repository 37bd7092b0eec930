import fc from 'fast-check';

/**
 * fast-check arbitraries from a route's JSON Schema (the one its zod schema gives, the one the OpenAPI
 * document shows): well-formed requests that reach deep into the handlers, and the hostile values
 * they are then mutated with.
 */
type Json = Record<string, unknown>;

const MAX_ITEMS = 4;
const MAX_TEXT = 60;

export function arbitraryOf(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 8) return loose;
  const s = schema as Json;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches) && branches.length) return fc.oneof(...branches.map((b) => arbitraryOf(b, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return arbitraryOf(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : (s.type as string | undefined);
  switch (type) {
    case 'string':
      return stringOf(s);
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : 100_000;
      const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
      const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
      // small values hit stored ids; bounds hit the edges
      return fc.oneof(
        fc.integer({ min: lo, max: Math.min(hi, Math.max(lo, 0) + 40) }),
        fc.integer({ min: lo, max: hi }),
        fc.constantFrom(lo, hi),
      );
    }
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1e6;
      const max = typeof s.maximum === 'number' ? s.maximum : 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const max = Math.max(min, Math.min(typeof s.maxItems === 'number' ? s.maxItems : MAX_ITEMS, MAX_ITEMS));
      return fc.array(arbitraryOf(s.items, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required ?? []) as string[]);
      const keys = Object.keys(props);
      if (!keys.length) {
        if (s.additionalProperties && typeof s.additionalProperties === 'object' && Object.keys(s.additionalProperties).length)
          return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), arbitraryOf(s.additionalProperties, depth + 1), { maxKeys: 3 });
        return fc.constant({});
      }
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryOf(props[k], depth + 1)])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      });
    }
    default:
      return loose;
  }
}

function stringOf(s: Json): fc.Arbitrary<string> {
  const max = Math.min(typeof s.maxLength === 'number' ? s.maxLength : MAX_TEXT, MAX_TEXT);
  const min = Math.min(typeof s.minLength === 'number' ? s.minLength : 0, max);
  if (typeof s.pattern === 'string') {
    try {
      const re = new RegExp(s.pattern);
      return fc.stringMatching(re).filter((v) => v.length <= (typeof s.maxLength === 'number' ? s.maxLength : 10_000));
    } catch {
      // a pattern JavaScript cannot compile: plain text below
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
    fc.constantFrom('张三', '测试项目', 'VG3301060001', 'root', 'x'.repeat(Math.max(min, 1))),
  );
}

/** Anything JSON. */
const loose: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
);

/** Hostile values a field may be replaced with. */
export function hostileValues(): unknown[] {
  let deep: unknown = 'bottom';
  for (let i = 0; i < 200; i++) deep = [deep];
  let deepObject: unknown = {};
  for (let i = 0; i < 70; i++) deepObject = { a: deepObject };
  return [
    null,
    true,
    false,
    0,
    -1,
    -0.5,
    1.5,
    2 ** 31,
    2 ** 53,
    2 ** 64,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    '',
    ' ',
    '0',
    '-1',
    '1abc',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '9'.repeat(40),
    'null',
    'undefined',
    '__proto__',
    'constructor',
    'a\u0000b',
    '\u001b[31mred',
    'line\r\nbreak',
    '\ud800',
    '👍🏽'.repeat(30),
    "' OR 1=1 --",
    '"; DROP TABLE app_user; --',
    '%00',
    '../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2f%2e%2e%2f',
    '/etc/passwd',
    'x'.repeat(5000),
    [],
    [null],
    [1, 'a', {}],
    Array.from({ length: 2000 }, (_, i) => i),
    {},
    { __proto__: { polluted: 1 } },
    JSON.parse('{"__proto__": {"polluted": 1}}') as unknown,
    { constructor: { prototype: { polluted: 1 } } },
    deep,
    deepObject,
    { page: { index: 1e15, limit: 10000 } },
    { index: Number.MAX_SAFE_INTEGER, limit: 10000 },
  ];
}

/** Hostile path or query text. */
export const HOSTILE_TEXT = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '1abc',
  '0x10',
  ' 7',
  '9'.repeat(30),
  '9007199254740993',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '%00',
  '%',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2e%2e',
  '%3Cscript%3E',
  encodeURIComponent('\u0000'),
  encodeURIComponent('张三'),
  'x'.repeat(3000),
];
