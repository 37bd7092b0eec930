import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AccessProfile } from '../../../domain/access';
import { visibleMenu } from '../../../domain/access';
import { t, useLanguage } from '../i18n/i18n';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { Breadcrumb } from './Breadcrumb';
import { HeaderBell, RealtimeOverlays } from '../realtime/RealtimeOverlays';
import { kioskConfig } from '../kiosk/kioskConfig';
import { SoundBar } from '../realtime/SoundBar';
import { KioskFrame } from '../kiosk/KioskFrame';
import { ConnectionBanner } from '../realtime/ConnectionBanner';
import { EscalationBanner } from '../realtime/EscalationBanner';
import { StoreBanner } from '../realtime/StoreBanner';
import { EscalationMessage } from '../realtime/EscalationMessage';

const MAIN_ID = 'main-content';

/**
 * The first tab stop: jumps over the header and the menu to the screen's content. The app routes by
 * the hash, so the link moves focus itself instead of navigating to #main-content.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only z-[80] rounded bg-brand px-3 py-1.5 text-sm text-brand-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {t('shell.skipToContent')}
    </a>
  );
}

/** Main and platform shells share one frame: header, sidebar, breadcrumb, content. */
export function Layout({
  shell,
  profile,
  location,
  children,
}: {
  shell: 'main' | 'platform';
  profile: AccessProfile;
  location: string;
  children: ReactNode;
}) {
  useLanguage();
  const kiosk = kioskConfig();
  if (kiosk) return <KioskFrame config={kiosk}>{children}</KioskFrame>;
  const other = shell === 'platform' ? visibleMenu(profile, 'main')[0]?.items[0] : undefined;
  return (
    <div className="flex h-full flex-col" data-shell={shell}>
      <SkipLink />
      <Header shell={shell} bellSlot={<HeaderBell shell={shell} />} />
      <SoundBar />
      <ConnectionBanner />
      <StoreBanner />
      <EscalationBanner link={visibleMenu(profile, 'main').some((g) => g.items.some((r) => r.path === '/alarmEvent'))} />
      <EscalationMessage />
      <div className="flex min-h-0 flex-1">
        <Sidebar profile={profile} shell={shell} location={location} />
        <main id={MAIN_ID} tabIndex={-1} className="flex min-w-0 flex-1 flex-col outline-none">
          <Breadcrumb location={location} profile={profile} />
          {other && (
            <div className="border-b border-line bg-surface-2 px-4 py-1.5 text-right text-sm">
              <Link href={other.path} className="text-brand hover:underline" data-testid="enter-console">
                {t('platform.enterConsole')} →
              </Link>
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-auto">{children}</div>
        </main>
      </div>
      <RealtimeOverlays />
    </div>
  );
}
