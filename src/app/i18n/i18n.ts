import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { LanguagePack, MessageKey } from './locales/zh_cn';

/**
 * Both languages through i18next (interpolation `{{name}}`, plurals `key_one` / `key_other` chosen by
 * `count`), with keys typed from the zh_cn pack (see i18next.d.ts). Packs are separate chunks loaded on
 * demand; a pack that is missing or fails to load is ignored (spec §8) and the language in force stays.
 */
export type Language = 'zh_cn' | 'en';
const DEFAULT_LANGUAGE: Language = 'zh_cn';
const LANGUAGES: readonly Language[] = ['zh_cn', 'en'];
const STORAGE_KEY = 'vg.lang';

const loaders = import.meta.glob<{ default: LanguagePack }>('./locales/*.ts');

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // i18next's own language codes: plural rules come from Intl.PluralRules of this code.
  lng: 'zh-CN',
  resources: {},
  fallbackLng: false,
  keySeparator: false,
  nsSeparator: false,
  contextSeparator: '|',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});

const codeOf = (lang: Language) => (lang === 'en' ? 'en' : 'zh-CN');
let language: Language = DEFAULT_LANGUAGE;

export function savedLanguage(): Language {
  const v = localStorage.getItem(STORAGE_KEY);
  return v === 'en' || v === 'zh_cn' ? v : DEFAULT_LANGUAGE;
}

/** Loads a pack; when it cannot be loaded the current language stays. Returns the language in force. */
export async function setLanguage(lang: string): Promise<Language> {
  const load = loaders[`./locales/${lang}.ts`];
  if (!load || !(LANGUAGES as readonly string[]).includes(lang)) return language;
  try {
    const pack = (await load()).default;
    const code = codeOf(lang as Language);
    if (!i18n.hasResourceBundle(code, 'translation')) i18n.addResourceBundle(code, 'translation', pack);
    // The zh_cn pack also says which key a Chinese domain message is (./domainText.ts), whatever language shows.
    if (lang !== DEFAULT_LANGUAGE) await addSourcePack();
    language = lang as Language;
    localStorage.setItem(STORAGE_KEY, language);
    document.documentElement.lang = code;
    await i18n.changeLanguage(code);
  } catch {
    // a missing language package is ignored (spec §8)
  }
  return language;
}

async function addSourcePack(): Promise<void> {
  if (i18n.hasResourceBundle(codeOf(DEFAULT_LANGUAGE), 'translation')) return;
  const load = loaders[`./locales/${DEFAULT_LANGUAGE}.ts`];
  if (load) i18n.addResourceBundle(codeOf(DEFAULT_LANGUAGE), 'translation', (await load()).default);
}

/** The zh_cn pack once loaded (always, before the first paint, by setLanguage): the domain messages' language. */
export function sourcePack(): LanguagePack | undefined {
  const code = codeOf(DEFAULT_LANGUAGE);
  return i18n.hasResourceBundle(code, 'translation') ? (i18n.getResourceBundle(code, 'translation') as LanguagePack) : undefined;
}

/** Adds a pack directly (unit tests, which have no Vite glob). */
export async function useLanguagePack(lang: Language, pack: LanguagePack): Promise<void> {
  const code = codeOf(lang);
  i18n.addResourceBundle(code, 'translation', pack, true, true);
  language = lang;
  await i18n.changeLanguage(code);
}

/** The translation of a key in the language in force, interpolated; `count` picks the plural form. */
export const t: typeof i18n.t = i18n.t.bind(i18n);

/** For keys made at run time (an enum id, a matched pattern): the pack-key check is in the tests instead. */
export function tDynamic(key: string, values?: Record<string, unknown>): string {
  return (i18n.t as unknown as (k: string, o?: object) => string)(key, values);
}

export function currentLanguage(): Language {
  return language;
}

/** Re-renders the caller when the language changes. */
export function useLanguage(): Language {
  useTranslation();
  return language;
}
export type { MessageKey };
