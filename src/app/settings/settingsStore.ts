import { useSyncExternalStore } from 'react';
import type { EffectiveSettingsDto, PublicSettingsDto, SystemSettings } from '../../../domain/schemas/info';
// zod-free: this module is loaded before zod is configured (see domain/settingsDefaults.ts)
import { SETTINGS_DEFAULTS as DEFAULT_SYSTEM_SETTINGS } from '../../../domain/settingsDefaults';
import { QueryObserver } from '@tanstack/react-query';
import { api } from '../api/client';
import { queryClient } from '../api/queryClient';
import { queryKeys } from '../api/queryKeys';
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

const readEffective = () => api.get<EffectiveSettingsDto>('/wisdompower/v1/system/setting/effective', { quiet: true, background: true });

function applyEffective(dto: EffectiveSettingsDto): void {
  signedIn = true;
  if (dto.settings !== state.settings || dto.logo !== state.logo) apply({ settings: dto.settings, logo: dto.logo });
}

/**
 * The settings in force are a query watched for the whole session: the socket's `settings` hint
 * (and this console's own save) invalidate it, it is read again, and every new answer is applied.
 * A failed read keeps what is in force.
 */
let watched: QueryObserver<EffectiveSettingsDto, Error> | null = null;
function watchEffective(): void {
  if (watched) return;
  watched = new QueryObserver<EffectiveSettingsDto, Error>(queryClient, {
    queryKey: queryKeys.settings.effective(),
    queryFn: readEffective,
    // read when the session asks (sign-in, a user refresh) or a hint invalidates it, not on its own
    staleTime: Infinity,
  });
  watched.subscribe((r) => {
    if (r.status === 'success') applyEffective(r.data);
  });
}

/** The settings of the signed-in user's tenant, with its logo: in force when this resolves. */
export async function loadEffectiveSettings(): Promise<void> {
  const dto = await queryClient.fetchQuery({ queryKey: queryKeys.settings.effective(), queryFn: readEffective, staleTime: 0 });
  applyEffective(dto);
  watchEffective();
}

/** Before sign-in: the platform's name and zone. */
export async function loadPublicSettings(): Promise<void> {
  const dto = await queryClient.fetchQuery({
    queryKey: queryKeys.settings.public(),
    queryFn: () => api.get<PublicSettingsDto>('/wisdompower/v1/system/setting/public', { quiet: true, background: true }),
  });
  if (signedIn) return;
  apply({ settings: { ...state.settings, platformName: dto.platformName, timeZone: dto.timeZone }, logo: null });
}

/** The settings changed (saved here): every settings read, the ones in force first, is read again. */
export function settingsChanged(): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.settings.all });
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
