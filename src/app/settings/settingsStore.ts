import { useSyncExternalStore } from 'react';
import type { EffectiveSettingsDto, PublicSettingsDto, SystemSettings } from '../../../domain/schemas/info';
// zod-free: this module is loaded before zod is configured (see domain/settingsDefaults.ts)
import { SETTINGS_DEFAULTS as DEFAULT_SYSTEM_SETTINGS } from '../../../domain/settingsDefaults';
import { api } from '../api/client';
import { setProjectZone } from '../time/projectZone';

/**
 * The settings in force (issue 15: settings take effect at once): platform name, default page size,
 * time zone and the user's group logo. Loaded with the user, re-read when the server says settings
 * changed (socket `settings`) and after this console saves them.
 */
export interface SettingsState {
  settings: SystemSettings;
  /** the group logo's file name; null falls back to the product mark */
  logo: string | null;
}

let state: SettingsState = { settings: DEFAULT_SYSTEM_SETTINGS, logo: null };
/** once the user's own settings are in, the platform's (read before sign-in) must not replace them */
let signedIn = false;
const listeners = new Set<() => void>();

function apply(next: SettingsState): void {
  state = next;
  setProjectZone(next.settings.timeZone);
  for (const l of listeners) l();
}

/** The settings of the signed-in user's tenant, with its logo. */
export async function loadEffectiveSettings(): Promise<void> {
  const dto = await api.get<EffectiveSettingsDto>('/wisdompower/v1/system/setting/effective', { quiet: true, background: true });
  signedIn = true;
  apply({ settings: dto.settings, logo: dto.logo });
}

/** Before sign-in: the platform's name and zone. */
export async function loadPublicSettings(): Promise<void> {
  const dto = await api.get<PublicSettingsDto>('/wisdompower/v1/system/setting/public', { quiet: true, background: true });
  if (signedIn) return;
  apply({ settings: { ...state.settings, platformName: dto.platformName, timeZone: dto.timeZone }, logo: null });
}

/** The server announced a change: read again (a failure keeps what is in force). */
export function settingsChanged(): void {
  loadEffectiveSettings().catch(() => {});
}

export const currentSettings = (): SystemSettings => state.settings;

/** Hears every change of the settings in force; returns the unsubscribe. */
export function subscribeSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): SettingsState {
  return useSyncExternalStore(subscribeSettings, () => state);
}

/** The default page size of every table; a user's own choice on a table wins until it unmounts. */
export const useDefaultPageSize = (): number => useSettings().settings.tablePageSize;

/** The platform's name as shown: a name never changed from the default speaks the user's language. */
export const shownPlatformName = (settings: SystemSettings, defaultName: string) =>
  settings.platformName === DEFAULT_SYSTEM_SETTINGS.platformName ? defaultName : settings.platformName;
