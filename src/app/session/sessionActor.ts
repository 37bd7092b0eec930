import { createActor, fromPromise } from 'xstate';
import { navigate } from 'wouter/use-hash-location';
import { sessionMachine, type LoadedUser } from '../../../machines/sessionMachine';
import { landingPath } from '../../../domain/access';
import { loginProof, type LoginChallenge } from '../../../domain/loginProof';
import { USER_TYPE } from '../../../domain/enums';
import type { LoginResult, UserDto } from '../../../domain/schemas/auth';
import { api, onUnauthorized } from '../api/client';
import { takeTokenFromUrl, tokenStorage } from '../api/tokenStorage';
import { applyTheme, savedTheme } from '../theme';
import { savedLanguage, setLanguage } from '../i18n/i18n';
import { accessProfileOf, guardRoute } from '../../../domain/access';
import { toastError } from '../ui/toastStore';
import { noticeText, sessionEnd } from './sessionEnd';
import { loadEffectiveSettings } from '../settings/settingsStore';

const currentHashPath = () => window.location.hash.replace(/^#/, '').split('?')[0] || '/';

async function loadUser(): Promise<LoadedUser> {
  const user = await api.get<UserDto>('/auth/v1/user', { quiet: true });
  // The settings in force (time zone, page size, name, logo) are in place before the first screen;
  // without them the defaults serve.
  await loadEffectiveSettings().catch(() => {});
  let projectId: number | null = null;
  // Project users work inside their tenant's first project (spec §6).
  // A role without pages may read nothing but its own user: it has no project (and lands on /noPermission).
  if (accessProfileOf(user).userType === USER_TYPE.PROJECT && (user.roles[0]?.pageNodes.length ?? 0) > 0) {
    const projects = await api.post<{ id: number }[]>(
      '/model/v1/query',
      {
        rootLabel: 'project',
        rootCondition: {
          filter: { expressions: [{ prop: 'tenantid', operator: 'EQ', limit: user.tenantId }] },
          page: { index: 0, limit: 1 },
        },
      },
      { quiet: true },
    );
    projectId = projects[0]?.id ?? null;
  }
  return { user, projectId };
}

/** The app's session actor: the machine with the real API calls and browser side effects. */
export function createSessionActor() {
  const machine = sessionMachine.provide({
    actors: {
      checkToken: fromPromise(async ({ input }) => api.post<number>('/auth/v1/checktoken', input.token, { text: true, quiet: true })),
      loadUser: fromPromise(async () => loadUser()),
      // A one-time nonce, then a proof bound to it (docs/security.md "Login"): the password never leaves
      // the browser, and a captured login cannot be used again.
      login: fromPromise(async ({ input }) => {
        const challenge = await api.post<LoginChallenge>('/auth/v1/login/nonce', { userName: input.userName }, { quiet: true });
        const timestamps = Date.now();
        const password = await loginProof({ userName: input.userName, password: input.password, timestamps, challenge });
        return api.post<LoginResult>(
          '/auth/v1/login',
          { userName: input.userName, password, nonce: challenge.nonce, timestamps, client: 'web' },
          { quiet: true },
        );
      }),
      logout: fromPromise(async () => {
        await api.post('/auth/v1/logout', {}, { quiet: true });
      }),
    },
    actions: {
      applyPreferences: () => {
        applyTheme(savedTheme());
        void setLanguage(savedLanguage());
      },
      storeToken: (_, params) => tokenStorage.set(params.token, params.userId),
      clearToken: () => tokenStorage.clear(),
      reload: () => {
        // replaceState fires no hashchange, so nothing renders between logout and the reload.
        window.history.replaceState(null, '', `${window.location.pathname}#/login`);
        window.location.reload();
      },
      land: (_, params) => {
        // Back to the page the session ended on, when this user may open it; else the landing rules.
        const back = sessionEnd.takePage();
        const to =
          back && guardRoute({ path: back, hasToken: true, profile: params.profile }).kind === 'allow'
            ? back
            : landingPath(params.profile, currentHashPath());
        if (to !== currentHashPath()) navigate(to, { replace: true });
      },
      announce: (_, params) => toastError(noticeText(params.notice)),
      keepNotice: (_, params) => sessionEnd.keepNotice(params.notice),
      rememberPage: () => sessionEnd.keepPage(currentHashPath()),
    },
  });
  const fromUrl = takeTokenFromUrl();
  const token = fromUrl ?? tokenStorage.get();
  if (token) tokenStorage.set(token);
  const actor = createActor(machine, { input: { token, fromUrl: fromUrl !== null, notice: sessionEnd.takeNotice() } });
  onUnauthorized(() => actor.send({ type: 'UNAUTHORIZED' }));
  return actor;
}

export type SessionActor = ReturnType<typeof createSessionActor>;
