import { useSyncExternalStore } from 'react';
import type { LanguagePack, MessageKey } from './locales/zh_cn';

export type Language = 'zh_cn' | 'en';
export const DEFAULT_LANGUAGE: Language = 'zh_cn';
const STORAGE_KEY = 'vg.lang';

// Packs are separate chunks loaded on demand; one that is missing or fails to load is ignored.
const loaders = import.meta.glob<{ default: LanguagePack }>('./locales/*.ts');

let pack: LanguagePack | null = null;
let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

export function savedLanguage(): Language {
  const v = localStorage.getItem(STORAGE_KEY);
  return v === 'en' || v === 'zh_cn' ? v : DEFAULT_LANGUAGE;
}

/** Loads a pack; when it cannot be loaded the current language stays. Returns the language in force. */
export async function setLanguage(lang: string): Promise<Language> {
  const load = loaders[`./locales/${lang}.ts`];
  if (!load) return language;
  try {
    pack = (await load()).default;
    language = lang as Language;
    localStorage.setItem(STORAGE_KEY, language);
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
    listeners.forEach((l) => l());
  } catch {
    // a missing language package is ignored (spec §8)
  }
  return language;
}

export function t(key: MessageKey): string {
  return pack?.[key] ?? key;
}

export function currentLanguage(): Language {
  return language;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Re-renders the caller when the language changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, () => language);
}
export type { MessageKey };
