import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import zh_cn, { zh_cnNamespaces } from '../../src/app/i18n/locales/zh_cn';
import en, { enNamespaces } from '../../src/app/i18n/locales/en';
import { FEATURE_NAMESPACES } from '../../src/app/i18n/namespaces';
import { ACCESS_TYPE, DEVICE_STATUS, USER_TYPE } from '../../domain/enums';
import { CUSTOM_PERMISSIONS, PERMISSION_ACTIONS, PERMISSION_GROUPS } from '../../domain/permissions';

const zh = zh_cn as Record<string, string>;
const enPack = en as Record<string, string>;
const base = (k: string) => k.replace(/_(one|other)$/, '');
const vars = (v: string) => [...v.matchAll(/\{\{(\w+)(?:, *\w+)?\}\}/g)].map((m) => m[1]).sort();

describe('language packs', () => {
  it('hold the same keys in both languages, namespace by namespace (plural forms by their base)', () => {
    for (const [ns, zhPack] of Object.entries(zh_cnNamespaces)) {
      const zhKeys = new Set(Object.keys(zhPack));
      const enKeys = new Set(Object.keys(enNamespaces[ns as keyof typeof enNamespaces]));
      const missingInEn = [...zhKeys].filter((k) => !enKeys.has(k));
      // English may add a _one form, but only for a key that is plural in zh_cn too.
      const missingInZh = [...enKeys].filter((k) => !zhKeys.has(k) && !(k.endsWith('_one') && zhKeys.has(`${base(k)}_other`)));
      expect(missingInEn, `${ns}: keys missing from en`).toEqual([]);
      expect(missingInZh, `${ns}: keys missing from zh_cn`).toEqual([]);
      const pluralEn = [...enKeys].filter((k) => k.endsWith('_other')).filter((k) => !enKeys.has(`${base(k)}_one`));
      expect(pluralEn, `${ns}: English plural keys without a _one form`).toEqual([]);
    }
  });

  it('are split into the namespaces the console names, each key in exactly one of them', () => {
    const names = ['common', ...FEATURE_NAMESPACES].sort();
    for (const lang of ['zh_cn', 'en']) {
      const files = readdirSync(join('src/app/i18n/locales', lang)).filter((f) => f !== 'index.ts');
      expect(files.map((f) => f.replace(/\.ts$/, '')).sort(), lang).toEqual(names);
    }
    expect(Object.keys(zh_cnNamespaces).sort()).toEqual(names);
    expect(Object.keys(enNamespaces).sort()).toEqual(names);
    for (const packs of [zh_cnNamespaces, enNamespaces]) {
      const seen = new Map<string, string>();
      const twice: string[] = [];
      for (const [ns, pack] of Object.entries(packs))
        for (const k of Object.keys(pack)) {
          if (seen.has(k)) twice.push(`${k}: ${seen.get(k)} and ${ns}`);
          seen.set(k, ns);
        }
      expect(twice).toEqual([]);
    }
  });

  it('keep the domain messages in the common namespace, which domainText reads before any screen loads', () => {
    const elsewhere = Object.entries(zh_cnNamespaces)
      .filter(([ns]) => ns !== 'common')
      .flatMap(([ns, pack]) =>
        Object.keys(pack)
          .filter((k) => /^(validation|term|msg)\./.test(k))
          .map((k) => `${ns}: ${k}`),
      );
    expect(elsewhere).toEqual([]);
  });

  it('interpolate the same values in both languages, in the i18next syntax only', () => {
    const problems: string[] = [];
    for (const [k, v] of Object.entries(zh)) {
      const other = enPack[k] ?? '';
      if (JSON.stringify(vars(v)) !== JSON.stringify(vars(other))) problems.push(`${k}: ${v} | ${other}`);
    }
    for (const [k, v] of [...Object.entries(zh), ...Object.entries(enPack)]) {
      if (/(^|[^{])\{\w+\}([^}]|$)/.test(v)) problems.push(`${k}: single-brace placeholder in "${v}"`);
      if (/_(one|other)$/.test(k) && !vars(v).includes('count')) problems.push(`${k}: a plural form without {{count}}`);
    }
    expect(problems).toEqual([]);
  });

  it('leave no Chinese in the English pack and no empty text in either', () => {
    // The language switch names the other language in its own words (中文 / English).
    const cjk = Object.entries(enPack).filter(([k, v]) => k !== 'lang.toggle' && /[\u4e00-\u9fff]/.test(v));
    expect(cjk).toEqual([]);
    const empty = [...Object.entries(zh), ...Object.entries(enPack)].filter(([, v]) => v.trim() === '');
    expect(empty).toEqual([]);
  });

  it('pick plural forms with i18next by count', async () => {
    const i = i18next.createInstance();
    await i.init({
      lng: 'en',
      resources: { en: { translation: enPack }, 'zh-CN': { translation: zh } },
      keySeparator: false,
      nsSeparator: false,
      contextSeparator: '|',
      interpolation: { escapeValue: false },
    });
    expect(i.t('table.total', { count: 1 })).toBe('1 row');
    expect(i.t('table.total', { count: 5 })).toBe('5 rows');
    expect(i.t('trend.points.count', { count: 12345 })).toBe('12,345 points');
    await i.changeLanguage('zh-CN');
    expect(i.t('table.total', { count: 1 })).toBe('共 1 条');
    expect(i.t('perm.custom.event_confirm')).toBe('事件确认');
  });

  it('label the enumerations and permissions as domain/ does', () => {
    for (const [family, e] of [
      ['deviceStatus', DEVICE_STATUS],
      ['accessType', ACCESS_TYPE],
      ['userType', USER_TYPE],
    ] as const)
      for (const item of e.list) {
        expect(zh[`enum.${family}.${item.id}`]).toBe(item.text);
        expect(enPack[`enum.${family}.${item.id}`]).toBe(item.en);
      }
    const keys = [
      ...PERMISSION_GROUPS.map((g) => `perm.group.${g}`),
      ...PERMISSION_ACTIONS.map((a) => `perm.action.${a}`),
      ...CUSTOM_PERMISSIONS.map((c) => `perm.custom.${c}`),
    ];
    expect(keys.filter((k) => !zh[k] || !enPack[k])).toEqual([]);
  });
});

/** Source files of the browser app, the machines and streams: the UI's own text lives in the packs. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return p.includes('locales') ? [] : sources(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

describe('browser source', () => {
  it('has no Chinese UI text outside the packs (comments aside)', () => {
    const found: string[] = [];
    for (const file of ['src', 'machines', 'streams'].flatMap(sources)) {
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      text.split('\n').forEach((line, i) => {
        if (/[\u4e00-\u9fff]/.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('formats times in 24 hours (no toLocaleTimeString, no h/a tokens)', () => {
    const found: string[] = [];
    for (const file of ['src'].flatMap(sources)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/toLocale(Time)?String\(|hour12\s*:\s*true|['"`][^'"`]*\bh{1,2}:mm[^'"`]*['"`]|\{h\}:\{mm\}|\{aa\}/.test(line))
            found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
