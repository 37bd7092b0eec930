import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { findRoute } from '../../../domain/routes';
import { t, useLanguage, type MessageKey } from '../i18n/i18n';
import { RealtimeOverlays } from '../realtime/RealtimeOverlays';
import { AlarmPopup } from '../realtime/AlarmPopup';
import { useOptionalRealtime } from '../realtime/RealtimeContext';
import type { KioskConfig } from './kioskConfig';
import { useKioskRotation } from './useKioskRotation';
import { Watermark } from './Watermark';
import { KioskBar } from './KioskBar';
import { SoundBar } from '../realtime/SoundBar';
import { TitleStrip } from './TitleStrip';
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

/**
 * Kiosk mode: no header or sidebar, the screen full size under a title strip (platform, screen, date
 * and clock in the project zone, rotation and sound), rotation, and the watermark when data is not live.
 */
export function KioskFrame({ config, children }: { config: KioskConfig; children: ReactNode }) {
  useLanguage();
  const [location] = useLocation();
  const route = findRoute(location);
  const { paused, phase, resume, screens } = useKioskRotation(config);
  const { full, enter } = useFullscreen();
  const realtime = useOptionalRealtime();
  useAccidentRepeat(realtime);
  useEffect(() => {
    document.documentElement.classList.add('vg-kiosk');
    return () => document.documentElement.classList.remove('vg-kiosk');
  }, []);
  return (
    <div className="relative flex h-full flex-col" data-shell="kiosk" data-rotation={phase}>
      <TitleStrip title={route && t(route.titleKey as MessageKey)}>
        <KioskBar rotating={screens > 1} paused={paused} onResume={resume} fullscreen={full} onFullscreen={enter} />
      </TitleStrip>
      <SoundBar />
      {/* a wall is looked at, not used: no link, the banner and its sound are the message */}
      <EscalationBanner link={false} />
      <StoreBanner />
      <EscalationMessage closable={false} />
      <div className="min-h-0 flex-1 overflow-auto">{children}</div>
      {realtime && <Watermark reportMs={config.reportMs} />}
      {/* the alarm strip takes its own room at the bottom: the screen above reflows, nothing live is covered */}
      {realtime && <AlarmPopup docked />}
      <RealtimeOverlays floatingPopup={false} />
    </div>
  );
}
