import { createContext, useContext, type ReactNode } from 'react';
import { LoadFailed, preload, useLazyModule } from '../routing/lazyScreen';
import { t } from '../i18n/i18n';

/** The signed-in frame and realtime side (./signedIn.ts): loaded once a token is there, never for the login page alone. */
export const loadSignedIn = () => import('./signedIn');
type SignedInModule = Awaited<ReturnType<typeof loadSignedIn>>;

/** Starts loading the signed-in chunk now (a token is there, or the user is about to sign in). */
export const prefetchSignedIn = () => preload(loadSignedIn);

const SignedInCtx = createContext<SignedInModule | null>(null);
/** The frame's components; null only before the chunk is in, when nothing signed-in renders anyway. */
export const useSignedIn = () => useContext(SignedInCtx);

/** The full-page wait, the same as the session's own while it checks a token: nothing moves when it ends. */
export function Splash() {
  return (
    <div className="flex h-full items-center justify-center text-sm text-muted" data-testid="splash">
      {t('app.loading')}
    </div>
  );
}

/** The socket and the bell for the signed-in user, once their chunk is in; its children wait until then. */
export function SignedIn({ userId, children }: { userId: number; children: ReactNode }) {
  const { module, error, retry } = useLazyModule(loadSignedIn);
  if (error) return <LoadFailed error={error} retry={retry} />;
  if (!module) return <Splash />;
  return (
    <SignedInCtx.Provider value={module}>
      <module.RealtimeProvider userId={userId}>{children}</module.RealtimeProvider>
    </SignedInCtx.Provider>
  );
}
