import { useCallback, useEffect, useState } from 'react';
import { filter, throttleTime } from 'rxjs';
import { api, ApiError } from '../api/client';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import type { DeviceRealtime } from './realtimeTypes';
import { t } from '../i18n/i18n';
import { useSettings } from '../settings/settingsStore';

/** Spec §9: the device dialog refreshes every 15 s, and also when a pushed message names the device. */
/** Spec §9: every 15 s by default; the setting 实时刷新周期 (realtimeRefreshSeconds) decides. */
const DEVICE_REFRESH_MS = 15_000;

export function useDeviceRealtime(deviceId: number | null) {
  const realtime = useOptionalRealtime();
  const [data, setData] = useState<DeviceRealtime | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (deviceId === null) return;
    try {
      setData(await api.get<DeviceRealtime>(`/wisdompower/v1/realtime/${deviceId}`, { background: true, quiet: true }));
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('msg.fetchFailed'));
    }
  }, [deviceId]);

  const refreshMs = useSettings().settings.realtimeRefreshSeconds * 1000 || DEVICE_REFRESH_MS;
  useEffect(() => {
    setData(null);
    setError(null);
    if (deviceId === null) return;
    void load();
    const timer = window.setInterval(() => void load(), refreshMs);
    const sub = realtime?.messages
      .pipe(
        filter((m) => m.description.deviceId === deviceId),
        throttleTime(1000, undefined, { leading: true, trailing: true }),
      )
      .subscribe(() => void load());
    return () => {
      window.clearInterval(timer);
      sub?.unsubscribe();
    };
  }, [deviceId, load, realtime?.messages, refreshMs]);

  return { data, error, reload: load };
}
