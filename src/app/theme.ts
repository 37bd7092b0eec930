import { useSyncExternalStore } from 'react';

const THEMES = ['bright', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
const DEFAULT_THEME: Theme = 'bright';
const STORAGE_KEY = 'vg.theme';
const listeners = new Set<() => void>();

/** The saved theme; an unknown (missing) theme package is ignored and bright used. */
export function savedTheme(): Theme {
  const v = localStorage.getItem(STORAGE_KEY);
  return (THEMES as readonly string[]).includes(v ?? '') ? (v as Theme) : DEFAULT_THEME;
}

export function applyTheme(theme: string): Theme {
  const chosen: Theme = (THEMES as readonly string[]).includes(theme) ? (theme as Theme) : savedTheme();
  document.documentElement.dataset.theme = chosen;
  localStorage.setItem(STORAGE_KEY, chosen);
  listeners.forEach((l) => l());
  return chosen;
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (document.documentElement.dataset.theme as Theme) ?? DEFAULT_THEME,
  );
}
