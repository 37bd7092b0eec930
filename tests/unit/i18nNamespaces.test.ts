// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { currentLanguage, loadNamespaces, setLanguage, tDynamic } from '../../src/app/i18n/i18n';
import { localizeMessage } from '../../src/app/i18n/domainText';
import { zh_cnNamespaces } from '../../src/app/i18n/locales/zh_cn';
import { enNamespaces } from '../../src/app/i18n/locales/en';
import type { Namespace } from '../../src/app/i18n/namespaces';

/**
 * The console's own loading (src/app/i18n/i18n.ts, its Vite glob of the namespace files as Vitest builds
 * it): a feature's text is there once its namespace is loaded and not before; a language switch brings
 * the namespaces asked for so far in the new language, and only those.
 */
const plainKey = (ns: Namespace) => Object.keys(zh_cnNamespaces[ns]).find((k) => !/_(one|other)$/.test(k) && !k.includes('{{'))!;
const text = (lang: 'zh_cn' | 'en', ns: Namespace, key: string) =>
  (lang === 'zh_cn' ? zh_cnNamespaces : enNamespaces)[ns][key as keyof (typeof zh_cnNamespaces)[Namespace]];

describe('language namespaces', () => {
  beforeAll(async () => {
    localStorage.clear();
    expect(await setLanguage('zh_cn')).toBe('zh_cn');
  });

  it('the common namespace is in after the start, a feature namespace only once asked for', async () => {
    const common = plainKey('common');
    expect(tDynamic(common)).toBe(text('zh_cn', 'common', common));
    const ledger = plainKey('ledger');
    // i18next answers a key it does not hold with the key itself: the screen would show it bare
    expect(tDynamic(ledger)).toBe(ledger);
    await loadNamespaces(['ledger']);
    expect(tDynamic(ledger)).toBe(text('zh_cn', 'ledger', ledger));
  });

  it('a language switch brings the namespaces loaded so far in the new language, and no others', async () => {
    const ledger = plainKey('ledger');
    const platform = plainKey('platform');
    expect(await setLanguage('en')).toBe('en');
    expect(tDynamic(ledger)).toBe(text('en', 'ledger', ledger));
    expect(tDynamic(plainKey('common'))).toBe(text('en', 'common', plainKey('common')));
    expect(tDynamic(platform)).toBe(platform);
    await loadNamespaces(['platform']);
    expect(tDynamic(platform)).toBe(text('en', 'platform', platform));
    expect(await setLanguage('zh_cn')).toBe('zh_cn');
    expect(tDynamic(platform)).toBe(text('zh_cn', 'platform', platform));
  });

  it('shows a domain message (zh_cn common) in English while English is in force', async () => {
    expect(await setLanguage('en')).toBe('en');
    const [zh, en] = [zh_cnNamespaces.common, enNamespaces.common];
    const message = zh['validation.required'].replace('{{what}}', zh['term.tenant']);
    expect(localizeMessage(message)).toBe(en['validation.required']!.replace('{{what}}', en['term.tenant']!));
    expect(currentLanguage()).toBe('en');
  });

  it('answers a key asked again in the language switched to, its packs already there', async () => {
    const common = plainKey('common');
    const reduced = (lang: 'zh_cn' | 'en') => (text(lang, 'history', 'trend.reduced_other') as string).replace('{{count, number}}', '3');
    expect(await setLanguage('zh_cn')).toBe('zh_cn');
    await loadNamespaces(['history']);
    expect(await setLanguage('en')).toBe('en');
    expect(await setLanguage('zh_cn')).toBe('zh_cn');
    expect(tDynamic(common)).toBe(text('zh_cn', 'common', common));
    expect(tDynamic('trend.reduced', { count: 3 })).toBe(reduced('zh_cn'));
    // both languages' packs are in: this switch adds none, and still changes every answer
    expect(await setLanguage('en')).toBe('en');
    expect(tDynamic(common)).toBe(text('en', 'common', common));
    expect(tDynamic('trend.reduced', { count: 3 })).toBe(reduced('en'));
  });

  it('keeps the language in force when a pack does not exist', async () => {
    expect(await setLanguage('fr')).toBe('en');
    await expect(loadNamespaces(['nope' as Namespace])).rejects.toThrow();
  });
});
