import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { loginWith } from '../../scripts/loginClient.mjs';
// @ts-expect-error plain ESM module shared with the e2e server launcher
import { E2E_PASSWORDS } from './credentials.mjs';

const PASSWORDS = E2E_PASSWORDS as { root: string; demo: string };
export const passwordOf = (user: string) => (user === 'root' ? PASSWORDS.root : PASSWORDS.demo);

export async function loginViaForm(page: Page, user: string, password = passwordOf(user)) {
  await page.goto('/#/login');
  await page.locator('input[name=userName]').fill(user);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password]').press('Enter');
}

/**
 * Opens `path` signed in as `user`: a web login over the API (the same proof and route as the form,
 * ending the user's older web sessions as the form does), its token handed to the tab's session
 * storage as the console keeps it, then the page loaded there and its signed-in shell drawn. For
 * tests about a screen; the login form, the landing page and session restore are session.spec.ts's.
 * The token is put in once: a logout and a reload in the test stay logged out. A page that already
 * shows the app logs in again through the form.
 */
export async function signIn(page: Page, user: string, path: string, password = passwordOf(user)) {
  // the token goes in as the document starts: on a page already showing the app a hash change would not load it
  if (page.url() !== 'about:blank') throw new Error(`signIn opens a fresh page; this one is on ${page.url()}`);
  const body = await apiLogin(page.request, user, password, 'web');
  expect(body.code, body.msg).toBe(0);
  await page.addInitScript(
    ({ token, userId }) => {
      if (sessionStorage.getItem('vg.e2e.signedIn')) return;
      sessionStorage.setItem('vg.e2e.signedIn', '1');
      sessionStorage.setItem('vg.token', token);
      sessionStorage.setItem('vg.userId', String(userId));
    },
    { token: body.data.token, userId: body.data.user.id },
  );
  await page.goto(`/#${path}`);
  // signed in once the shell is drawn (the session has its profile), as the form's landing was
  await expect(page.locator('[data-shell]')).toBeVisible();
}

/** Logs out through the user menu and waits for the reload that logout does (a form filled before it would be lost). */
export async function logoutViaMenu(page: Page) {
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('user-menu').click();
  await page.getByRole('button', { name: '登出' }).click();
  await reloaded;
  await expect(page.getByTestId('login-form')).toBeVisible();
}

export function hashPath(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '').split('?')[0] || '/';
}

export async function expectPath(page: Page, path: string) {
  await expect.poll(() => hashPath(page)).toBe(path);
}

type Poster = (path: string, body: object) => Promise<{ code: number; msg: string; data: unknown }>;

/**
 * The login of docs/security.md (nonce, then proof) through a Playwright request context. Client 'api'
 * by default: a web login would end the browser's web session of the same user ("logged in
 * elsewhere"); kiosk URLs use client 'kiosk'.
 */
export async function apiLogin(
  request: APIRequestContext,
  user: string,
  password = passwordOf(user),
  client: 'web' | 'kiosk' | 'api' = 'api',
) {
  const post: Poster = async (path, data) => (await request.post(path, { data })).json() as ReturnType<Poster>;
  return (await loginWith(post, user, password, Date.now(), client)) as {
    code: number;
    msg: string;
    data: { token: string; user: { id: number } };
  };
}

/** A token for the tests' own calls (client 'api' unless told). */
export async function apiToken(request: APIRequestContext, user: string, client: 'web' | 'kiosk' | 'api' = 'api'): Promise<string> {
  const body = await apiLogin(request, user, passwordOf(user), client);
  expect(body.code).toBe(0);
  return body.data.token;
}

export const SCREENSHOT_DIR = 'screenshots';

/** One page of alarm events through event/list, filtered by the spec's expressions, for checks on the server's record. */
export async function listEvents<T = Record<string, unknown>>(
  request: APIRequestContext,
  token: string,
  expressions: { prop: string; operator: string; limit: unknown }[],
  limit = 100,
): Promise<T[]> {
  const res = await request.post('/wisdompower/v1/event/list', {
    headers: { Authorization: `Bearer ${token}` },
    data: { rootLabel: 'peceventextend', rootCondition: { filter: { expressions }, page: { index: 0, limit } } },
  });
  const body = (await res.json()) as { code: number; data: T[] };
  expect(body.code).toBe(0);
  return body.data;
}

/**
 * Confirms every unconfirmed event the token sees (its user must hold event_confirm). Alarms earlier
 * tests left unconfirmed escalate after their level's limit (a 事故 after 5 minutes), and an escalated
 * 事故 rightly keeps a wall sounding: a test of the sound starts from none.
 */
export async function confirmEveryOpenEvent(request: APIRequestContext, token: string): Promise<void> {
  for (;;) {
    const open = await listEvents<{ id: number }>(request, token, [{ prop: 'confirmeventstatus', operator: 'IN', limit: [1] }], 500);
    if (open.length === 0) return;
    const res = await request.post('/wisdompower/v1/event/save', {
      headers: { Authorization: `Bearer ${token}` },
      data: open.map((e) => ({ id: e.id, confirmeventstatus: 3 })),
    });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  }
}

/**
 * Pauses a page's installed, running clock `aheadMs` past where it stands. The page's time goes on
 * between reading it and pausing, and `pauseAt` refuses a time already passed ("Cannot fast-forward to
 * the past"), which a loaded machine reaches within 100 ms: so read and try again.
 */
export async function pauseClockAhead(page: Page, aheadMs: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const target = (await page.evaluate(() => Date.now())) + aheadMs;
    try {
      await page.clock.pauseAt(target);
      return;
    } catch (error) {
      if (attempt >= 4 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}
