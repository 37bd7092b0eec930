import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../server/http/jsonBody';

/** The error a body is refused with: its coded message. */
const refusal = (text: string) => {
  try {
    parseJsonBody(text);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('parseJsonBody', () => {
  it('parses an ordinary body, a reading report as the ingest gets it', () => {
    const text = '{"device":"VG3301-0001","time":1764547200000,"values":[{"dataId":1001,"value":320.5}],"remark":"配电箱"}';
    expect(parseJsonBody(text)).toEqual(JSON.parse(text));
  });

  it.each([
    ['a literal __proto__ key', '{"a":1,"__proto__":{"admin":true}}', '__proto__'],
    ['a __proto__ key spelt with \\u escapes', '{"\\u005f_proto__":{"admin":true}}', '__proto__'],
    ['a nested constructor.prototype', '{"x":{"constructor":{"prototype":{"admin":true}}}}', 'constructor'],
    ['a constructor key spelt with a \\u escape', '{"\\u0063onstructor":{"prototype":{}}}', 'constructor'],
  ])('refuses %s', (_name, text, key) => {
    expect(refusal(text)).toContain(key);
  });

  it('takes the words as values, and a constructor key that is no prototype holder', () => {
    expect(parseJsonBody('{"name":"__proto__","remark":"constructor","constructor":1}')).toEqual({
      name: '__proto__',
      remark: 'constructor',
      constructor: 1,
    });
  });

  it('refuses nesting deeper than 64 levels, and names where the syntax breaks', () => {
    expect(refusal(`${'['.repeat(65)}${']'.repeat(65)}`)).toContain('64');
    expect(parseJsonBody(`${'['.repeat(64)}${']'.repeat(64)}`)).toBeInstanceOf(Array);
    expect(refusal('{"a":1,}')).toMatch(/7/);
  });
});
