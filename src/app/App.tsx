import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Router, useLocation } from 'wouter';
import { navigate } from 'wouter/use-hash-location';
import { useHashPath } from './routing/useHashPath';
import { findRoute } from '../../domain/routes';
import { landingPath, visibleMenu, type AccessProfile } from '../../domain/access';
import { useSession } from './session/SessionContext';
import { useRouteGuard } from './routing/useRouteGuard';
import { LazyScreen, preload } from './routing/lazyScreen';
import { SCREENS } from './routing/screens';
import { prefetchWhenIdle } from './routing/prefetch';
import { loadSignedIn, prefetchSignedIn, SignedIn, Splash, useSignedIn } from './shell/signedInChunk';
import { kioskConfig } from './kiosk/kioskConfig';
import { LoadingBar, Toaster } from './ui/Toaster';
import { queryClient } from './api/queryClient';
import { t, useLanguage } from './i18n/i18n';
import { shownPlatformName, useSettings } from './settings/settingsStore';
import type { MessageKey } from './i18n/i18n';
import LoginPage from '../features/login/LoginPage';
import NoPermissionPage from '../features/noPermission/NoPermissionPage';
import NotFoundPage from '../features/notFound/NotFoundPage';

const BUSY_STATES = new Set(['booting', 'checking', 'loadingUser']);
/** The session is ending (its message is showing, the reload follows): nothing to type into meanwhile. */
const ENDING_STATES = new Set(['loggingOut', 'loggedOut', 'expired', 'passwordChanged', 'reloading']);

/** The tab title: the screen, then the platform's name from the settings in force. */
function useDocumentTitle(location: string) {
  const { settings } = useSettings();
  const name = shownPlatformName(settings, t('app.name'));
  const route = findRoute(location);
  const screen = location === '/login' ? t('login.title') : route ? t(route.titleKey as MessageKey) : '';
  const title = screen ? `${screen} - ${name}` : name;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * The entry holds only the login page and the session: with a token (a returning user, a wall's link)
 * the signed-in chunk and the screen the address names load at once, beside the token check, not one
 * after the other; on the login page the signed-in chunk loads when idle.
 */
function usePrefetchSignedIn(hasToken: boolean, location: string) {
  useEffect(() => {
    if (!hasToken) return prefetchWhenIdle([loadSignedIn]);
    void prefetchSignedIn();
    const screen = SCREENS[location];
    if (screen) void preload(screen);
  }, [hasToken, location]);
}

/**
 * Once signed in, each when idle: a wall's rotation screens (a wall opens nothing else), or else the
 * screens of the user's menu; then the device dialog, opened from tiles, bells and tables alike.
 */
function usePrefetchScreens(profile: AccessProfile | null, loadDeviceDialog: (() => Promise<unknown>) | undefined) {
  useEffect(() => {
    if (!profile || !loadDeviceDialog) return;
    const paths =
      kioskConfig()?.screens ??
      [...visibleMenu(profile, 'main'), ...visibleMenu(profile, 'platform')].flatMap((g) => g.items.map((r) => r.path));
    const loaders = [...new Set(paths)].flatMap((p) => (SCREENS[p] ? [SCREENS[p]] : []));
    return prefetchWhenIdle([...loaders, loadDeviceDialog]);
  }, [profile, loadDeviceDialog]);
}

function Routes() {
  useLanguage();
  const [location] = useLocation();
  useDocumentTitle(location);
  const { state, profile, hasToken, authenticated } = useSession();
  const settled = !BUSY_STATES.has(String(state)) && !ENDING_STATES.has(String(state));
  const decision = useRouteGuard(location, hasToken && authenticated, profile, settled);
  const signedIn = useSignedIn();
  usePrefetchSignedIn(hasToken, location);
  usePrefetchScreens(authenticated ? profile : null, signedIn?.loadDeviceDialog);

  // "/" is the main shell's parent, and /login has nothing to offer a logged-in user: both land.
  useEffect(() => {
    if ((location === '/' || location === '/login') && authenticated && profile) {
      navigate(landingPath(profile, '/'), { replace: true });
    }
  }, [location, authenticated, profile]);

  if (ENDING_STATES.has(String(state))) return <Splash />;
  if (BUSY_STATES.has(String(state)) && location !== '/login') return <Splash />;
  if (decision === 'notFound') return <NotFoundPage path={location} />;
  const route = findRoute(location);
  const loader = SCREENS[location];
  // Between two screens the guard takes a render to decide: the frame (header, kiosk rotation, open
  // dialogs) stays mounted meanwhile and only the content waits, so nothing blanks or restarts.
  if (decision === 'pending' && route && profile && authenticated && signedIn) {
    const { Layout } = signedIn;
    return (
      <Layout shell={route.shell} profile={profile} location={location}>
        <Splash />
      </Layout>
    );
  }
  if (decision !== 'allowed') return <Splash />;
  if (location === '/login') return <LoginPage />;
  if (location === '/noPermission') return <NoPermissionPage />;
  if (!route || !loader || !profile || !signedIn) return <Splash />;
  const { Layout } = signedIn;
  return (
    <Layout shell={route.shell} profile={profile} location={location}>
      <LazyScreen key={location} loader={loader} />
    </Layout>
  );
}

/** The socket and the bell live as long as the logged-in session, across every route. */
function WithRealtime({ children }: { children: React.ReactNode }) {
  const { authenticated, user } = useSession();
  if (!authenticated || !user) return <>{children}</>;
  return <SignedIn userId={user.id}>{children}</SignedIn>;
}

/** Every REST read of the screens goes through the one query cache (./api/queryClient.ts). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useHashPath}>
        <LoadingBar />
        <Toaster />
        <WithRealtime>
          <Routes />
        </WithRealtime>
      </Router>
    </QueryClientProvider>
  );
}
