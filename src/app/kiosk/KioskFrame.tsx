import { useEffect, useState, type ReactNode } from 'react';
import { t, useLanguage } from '../i18n/i18n';
import { RealtimeOverlays } from '../realtime/RealtimeOverlays';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import type { KioskConfig } from './kioskConfig';
import { useKioskRotation } from './useKioskRotation';
import { Watermark } from './Watermark';

function useFullscreen() {
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    // Wall browsers started in kiosk mode allow this; others refuse it without a click, and the button below stays.
    document.documentElement.requestFullscreen?.().catch(() => {});
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  return { full, enter: () => void document.documentElement.requestFullscreen?.().catch(() => {}) };
}

/** Kiosk mode: no header or sidebar, the screen full size, rotation, and the watermark when data is not live. */
export function KioskFrame({ config, children }: { config: KioskConfig; children: ReactNode }) {
  useLanguage();
  const { paused, resume } = useKioskRotation(config);
  const { full, enter } = useFullscreen();
  const realtime = useOptionalRealtime();
  return (
    <div className="relative flex h-full flex-col" data-shell="kiosk">
      <div className="min-h-0 flex-1 overflow-auto">{children}</div>
      <div className="fixed top-2 right-2 z-40 flex items-center gap-2 text-xs">
        {config.screens.length > 1 &&
          (paused ? (
            <button
              type="button"
              onClick={resume}
              data-testid="kiosk-resume"
              className="rounded bg-warn px-2 py-1 font-medium text-warn-ink"
            >
              {t('kiosk.paused')} · {t('kiosk.resume')}
            </button>
          ) : (
            <span className="rounded bg-surface/80 px-2 py-1 text-muted" data-testid="kiosk-rotating">
              {t('kiosk.rotating')}
            </span>
          ))}
        {!full && (
          <button type="button" onClick={enter} className="rounded bg-surface/80 px-2 py-1 text-muted hover:text-ink">
            {t('kiosk.fullscreen')}
          </button>
        )}
      </div>
      {realtime && <Watermark reportMs={config.reportMs} />}
      <RealtimeOverlays />
    </div>
  );
}
