import { useEffect, useState, type ReactNode } from 'react';
import { useLanguage } from '../i18n/i18n';
import { RealtimeOverlays } from '../realtime/RealtimeOverlays';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import type { KioskConfig } from './kioskConfig';
import { useKioskRotation } from './useKioskRotation';
import { Watermark } from './Watermark';
import { KioskBar } from './KioskBar';
import { SoundPrompt } from './SoundPrompt';
import { useAccidentRepeat } from './useAccidentRepeat';
import { EscalationBanner } from '../realtime/EscalationBanner';
import { StoreBanner } from '../realtime/StoreBanner';
import { EscalationMessage } from '../realtime/EscalationMessage';

function useFullscreen() {
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const on = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', on);
    // Wall browsers started in kiosk mode allow this; others refuse it without a click, and the button stays.
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
  useAccidentRepeat(realtime);
  useEffect(() => {
    document.documentElement.classList.add('vg-kiosk');
    return () => document.documentElement.classList.remove('vg-kiosk');
  }, []);
  return (
    <div className="relative flex h-full flex-col" data-shell="kiosk">
      <KioskBar rotating={config.screens.length > 1} paused={paused} onResume={resume} fullscreen={full} onFullscreen={enter} />
      {/* a wall is looked at, not used: no link, the banner and its sound are the message */}
      <EscalationBanner link={false} />
      <StoreBanner />
      <EscalationMessage closable={false} />
      <div className="min-h-0 flex-1 overflow-auto">{children}</div>
      {realtime && <Watermark reportMs={config.reportMs} />}
      {realtime && <SoundPrompt realtime={realtime} />}
      <RealtimeOverlays />
    </div>
  );
}
