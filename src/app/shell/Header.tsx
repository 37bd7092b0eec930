import { lazy, Suspense, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-hash-location';
import { isPlatformSide } from '../../../domain/access';
import { t, useLanguage, setLanguage, currentLanguage } from '../i18n/i18n';
import { applyTheme, useTheme } from '../theme';
import { useSession } from '../session/SessionContext';
import { GlobeIcon, MoonIcon, SunIcon, UserIcon } from '../ui/icons';
import { shownPlatformName, useSettings } from '../settings/settingsStore';
import { HeaderLogo } from './HeaderLogo';

/** The user's dialog (and its password form, zod with it) loads on the first click of the user menu. */
const UserDialog = lazy(() => import('./UserDialog').then((m) => ({ default: m.UserDialog })));

/**
 * Header of spec §1: logo, the alarm bell slot, theme and language, the user menu. The logo leads to
 * the platform monitor only for platform and service users on the main shell (spec §2). On a phone
 * (under 640 px: an electrician's 我的工单) it keeps to the width: tighter spacing, the product word
 * and the language's name left to screen readers, the user's name shortened.
 */
export function Header({ shell, bellSlot }: { shell: 'main' | 'platform'; bellSlot?: ReactNode }) {
  useLanguage();
  const theme = useTheme();
  const { user, profile } = useSession();
  const [userOpen, setUserOpen] = useState(false);
  // Mounted from the first open on: its password dialog outlives the user dialog's own closing.
  const [userLoaded, setUserLoaded] = useState(false);
  const logoLinks = shell === 'main' && !!profile && isPlatformSide(profile);
  const { settings, logo } = useSettings();
  const name = shownPlatformName(settings, t('app.name'));

  return (
    <header className="flex h-14 min-w-0 shrink-0 items-center gap-1 bg-header px-2 text-header-ink shadow sm:gap-3 sm:px-4">
      <button
        type="button"
        data-testid="logo"
        className={`flex shrink-0 items-center gap-2 ${logoLinks ? 'cursor-pointer' : 'cursor-default'}`}
        onClick={() => logoLinks && navigate('/platform/monitor')}
        aria-label={name}
      >
        <HeaderLogo fileName={logo} />
        <span className="sr-only text-lg font-semibold tracking-wide sm:not-sr-only">Voltguard</span>
        <span className="hidden text-sm opacity-80 md:inline" data-testid="platform-name">
          {name}
        </span>
      </button>
      <div className="flex-1" />
      <div data-slot="alarm-bell" className="flex items-center">
        {bellSlot}
      </div>
      <button
        type="button"
        title={t('theme.toggle')}
        data-testid="theme-toggle"
        onClick={() => applyTheme(theme === 'dark' ? 'bright' : 'dark')}
        className="rounded p-1.5 hover:bg-white/10"
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </button>
      <button
        type="button"
        data-testid="lang-toggle"
        onClick={() => void setLanguage(currentLanguage() === 'en' ? 'zh_cn' : 'en')}
        className="flex items-center gap-1 rounded px-2 py-1.5 text-sm hover:bg-white/10"
      >
        <GlobeIcon />{' '}
        <span className="sr-only sm:not-sr-only" lang={currentLanguage() === 'en' ? 'zh-CN' : 'en'}>
          {t('lang.toggle')}
        </span>
      </button>
      <button
        type="button"
        data-testid="user-menu"
        onClick={() => {
          setUserLoaded(true);
          setUserOpen(true);
        }}
        className="flex min-w-0 items-center gap-1.5 rounded px-2 py-1.5 text-sm hover:bg-white/10"
      >
        <UserIcon className="shrink-0" /> <span className="max-w-24 truncate sm:max-w-none">{user?.nicName || user?.name}</span>
      </button>
      {userLoaded && (
        <Suspense fallback={null}>
          <UserDialog open={userOpen} onClose={() => setUserOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
