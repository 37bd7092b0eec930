import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { LanguagePack, MessageKey } from './locales/zh_cn';
import { FEATURE_NAMESPACES, type Namespace } from './namespaces';

/**
 * Both languages through i18next (interpolation `{{name}}`, plurals `key_one` / `key_other` chosen by
 * `count`), with keys typed from the zh_cn pack (see i18next.d.ts). Packs are split by feature into
 * namespaces (./namespaces.ts), each a chunk loaded on demand: `common` before the first paint, a
 * feature's with its screen (loadNamespaces), and on a language switch every namespace loaded so far,
 * before the switch shows. `t('key')` finds a key in whichever namespace holds it (fallbackNS). A pack
 * that is missing or fails to load is ignored (spec §8) and the language in force stays.
 */
export type Language = 'zh_cn' | 'en';
const DEFAULT_LANGUAGE: Language = 'zh_cn';
const LANGUAGES: readonly Language[] = ['zh_cn', 'en'];
const STORAGE_KEY = 'vg.lang';

const loaders = import.meta.glob<{ default: Record<string, string> }>(['./locales/*/*.ts', '!./locales/*/index.ts']);

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // i18next's own language codes: plural rules come from Intl.PluralRules of this code.
  lng: 'zh-CN',
  resources: {},
  ns: ['common'],
  defaultNS: 'common',
  fallbackNS: [...FEATURE_NAMESPACES],
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
/** The namespaces the console has asked for so far: a language switch loads them all in the new language. */
const wanted = new Set<Namespace>(['common']);

export function savedLanguage(): Language {
  const v = localStorage.getItem(STORAGE_KEY);
  return v === 'en' || v === 'zh_cn' ? v : DEFAULT_LANGUAGE;
}

/** Adds one namespace of a language unless it is there; rejects when its chunk cannot be loaded. */
async function addNamespace(lang: Language, ns: Namespace): Promise<void> {
  const code = codeOf(lang);
  if (i18n.hasResourceBundle(code, ns)) return;
  const load = loaders[`./locales/${lang}/${ns}.ts`];
  if (!load) throw new Error(`no ${lang} pack for ${ns}`);
  const pack = (await load()).default;
  if (!i18n.hasResourceBundle(code, ns)) i18n.addResourceBundle(code, ns, pack);
}

/** Loads the packs; when they cannot be loaded the current language stays. Returns the language in force. */
export async function setLanguage(lang: string): Promise<Language> {
  if (!(LANGUAGES as readonly string[]).includes(lang)) return language;
  const next = lang as Language;
  try {
    // The zh_cn common pack also says which key a Chinese domain message is (./domainText.ts), whatever language shows.
    if (next !== DEFAULT_LANGUAGE) await addNamespace(DEFAULT_LANGUAGE, 'common');
    // Until none is missing: a screen (or a prefetch) may ask for a namespace while these load.
    for (let missing = [...wanted]; missing.length; missing = [...wanted].filter((ns) => !i18n.hasResourceBundle(codeOf(next), ns)))
      await Promise.all(missing.map((ns) => addNamespace(next, ns)));
    language = next;
    localStorage.setItem(STORAGE_KEY, language);
    document.documentElement.lang = codeOf(next);
    await i18n.changeLanguage(codeOf(next));
  } catch {
    // a missing language package is ignored (spec §8)
  }
  return language;
}

/**
 * A feature's namespaces in the language in force: a screen's loader awaits them with its chunk, so the
 * screen never shows a bare key (src/app/routing/screens.ts). Rejects, like a chunk, when one cannot load.
 */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  await Promise.all(namespaces.map((ns) => addNamespace(language, ns)));
}

/** The zh_cn common namespace once loaded (always, before the first paint, by setLanguage): the domain messages' language. */
export function sourcePack(): Partial<LanguagePack> | undefined {
  const code = codeOf(DEFAULT_LANGUAGE);
  return i18n.hasResourceBundle(code, 'common') ? (i18n.getResourceBundle(code, 'common') as Partial<LanguagePack>) : undefined;
}

/** Adds a whole pack (every namespace's keys) directly (unit tests, which have no Vite glob). */
export async function useLanguagePack(lang: Language, pack: LanguagePack): Promise<void> {
  const code = codeOf(lang);
  i18n.addResourceBundle(code, 'common', pack, true, true);
  language = lang;
  await i18n.changeLanguage(code);
}

/**
 * Answers already given for the language in force. i18next's t() costs about 6 µs a key and 55 µs
 * with a count (its plural and interpolation work) on this 2-core machine, and a screen asks the same
 * few dozen at every render: the history chart's controls re-render several times a query, a wall or
 * kiosk every second. By key alone (`plain`: as many as the keys the console uses), and by key and
 * options (`withOptions`): counts, times and names make new options without end, so that one keeps
 * the last WITH_OPTIONS_MAX only (a render's repeats), emptied when full, and a kiosk's day of
 * minutes and counts cannot pile up in it. Both are emptied when the language changes. A key not
 * found (answered with the key itself) is not kept: its namespace may arrive later (screens load
 * theirs, and prefetch others', as the console goes), and a key lives in one namespace only, so an
 * answer found stays right.
 */
const plain = new Map<string, string>();
const withOptions = new Map<string, string>();
const WITH_OPTIONS_MAX = 128;
const forget = () => {
  plain.clear();
  withOptions.clear();
};
i18n.on('languageChanged', forget);
i18n.store.on('removed', forget);

const translate = i18n.t.bind(i18n) as unknown as (key: string, options?: object) => string;

function answer(key: string, options?: object): string {
  let id = key;
  let memo = plain;
  if (options !== undefined) {
    try {
      id = `${key}\u0000${JSON.stringify(options)}`;
    } catch {
      // options JSON cannot hold (a cycle): asked each time
      return translate(key, options);
    }
    memo = withOptions;
  }
  let text = memo.get(id);
  if (text === undefined) {
    text = translate(key, options);
    if (text === key) return text;
    if (memo === withOptions && memo.size >= WITH_OPTIONS_MAX) memo.clear();
    memo.set(id, text);
  }
  return text;
}

/** The translation of a key in the language in force, interpolated; `count` picks the plural form. */
export const t = ((key: string, options?: object) => answer(key, options)) as unknown as typeof i18n.t;

/** For keys made at run time (an enum id, a matched pattern): the pack-key check is in the tests instead. */
export function tDynamic(key: string, values?: Record<string, unknown>): string {
  return answer(key, values);
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
