import type { ReactNode } from 'react';
import { t, useLanguage } from '../i18n/i18n';
import { useProjectZone } from '../time/projectZone';
import { zoneClock } from '../time/zoneClock';
import { shownPlatformName, useSettings } from '../settings/settingsStore';
import { HeaderLogo } from '../shell/HeaderLogo';
import { useNow } from '../widgets/useNow';

/**
 * The title strip of every wall screen (issue 30): the platform's logo and name, the screen, and the
 * date (yyyy-MM-dd) and a ticking clock in the project's time zone, whatever zone the wall's browser
 * is set to. Sized in rem, so a kiosk's scaled root (styles.css html.vg-kiosk) makes it readable from
 * three metres; `children` go before the date (the kiosk's rotation and sound state).
 */
export function TitleStrip({ title, children }: { title?: string | undefined; children?: ReactNode }) {
  useLanguage();
  const { settings, logo } = useSettings();
  const name = shownPlatformName(settings, t('app.name'));
  return (
    <div
      className="flex shrink-0 items-center gap-x-[0.8em] bg-header px-[0.8rem] py-[0.2rem] text-[1.1rem] leading-snug text-header-ink"
      data-testid="title-strip"
    >
      <span className="inline-flex shrink-0 items-center [&>*]:h-[1.5em] [&>*]:w-[1.5em]">
        <HeaderLogo fileName={logo} />
      </span>
      <b className="min-w-0 truncate tracking-wide" data-testid="title-name">
        {name}
      </b>
      {title && (
        <span className="min-w-0 shrink-[2] truncate opacity-85" data-testid="title-screen">
          {title}
        </span>
      )}
      <span className="flex-1" />
      {children}
      <ZoneClock />
    </div>
  );
}

/** The date and the ticking clock: the one part of the strip that renders every second. */
function ZoneClock() {
  const zone = useProjectZone();
  const clock = zoneClock(useNow(), zone);
  return (
    <>
      <span className="shrink-0 tabular-nums opacity-90" data-testid="title-date">
        {clock.date}
      </span>
      <b className="shrink-0 text-[1.2em] tabular-nums" data-testid="title-clock" data-zone={zone}>
        {clock.time}
      </b>
    </>
  );
}
