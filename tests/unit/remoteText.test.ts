import { describe, expect, it } from 'vitest';
import zh_cn from '../../src/app/i18n/locales/zh_cn';
import en from '../../src/app/i18n/locales/en';
import { CONTROL_POINTS, REMOTE_GROUPS, REMOTE_PARAMS } from '../../domain/telemetry';

/** Keys made at run time (remote.group.<id>, remote.param.<id>, remote.control.<id>) exist in both packs. */
describe('remote-setting names in both packs', () => {
  const packs = { zh_cn: zh_cn as Record<string, string>, en: en as Record<string, string> };
  const keys = [
    ...REMOTE_GROUPS.map((g) => [`remote.group.${g.id}`, g.name] as const),
    ...REMOTE_PARAMS.map((p) => [`remote.param.${p.id}`, p.name] as const),
    ...CONTROL_POINTS.map((c) => [`remote.control.${c.id}`, c.name] as const),
  ];
  it.each(Object.entries(packs))('%s names every group, parameter and control point', (_lang, pack) => {
    for (const [key] of keys) expect(pack[key], key).toBeTruthy();
  });
  it('the Chinese names are the catalogue’s own, the English ones are English', () => {
    for (const [key, name] of keys) {
      expect(packs.zh_cn[key]).toBe(name);
      expect(packs.en[key]).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
