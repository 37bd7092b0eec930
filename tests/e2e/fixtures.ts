import { test as base, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { E2E_LIVE_URL } from '../../playwright.config';

export * from '@playwright/test';

/**
 * The specs' `test`: each test gets a new page, as with Playwright's own fixtures, but in a browser
 * context the tests of a spec file share while nothing sets it apart. A new context starts with an
 * empty HTTP cache, so every test paid a cold load of the app (about 2 s here, most of it V8 compiling
 * the entry chunk again); in the shared context the scripts come from its cache with their compiled
 * code. What a test could leave behind for the next one is taken away after it:
 *  - its pages are closed (session storage, sockets, page-level routes and init scripts go with them);
 *  - cookies, local storage, IndexedDB and permissions of the servers' origins are cleared;
 *  - a test that changed the context itself (page.clock, which is the context's; context routes, init
 *    scripts, offline, headers, permissions, geolocation) closes it, and the next test gets a new one;
 *  - another spec file, or other context options (a describe's `test.use({ baseURL })`), gets its own.
 */
let shared: { key: string; context: BrowserContext; changed: boolean; closed: boolean } | undefined;

/** Context methods whose effect outlives the test's pages: a test calling one leaves the context to close. */
const CONTEXT_CHANGES = [
  'addInitScript',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'setOffline',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'grantPermissions',
  'exposeBinding',
  'exposeFunction',
  'setHTTPCredentials',
] as const;
const CLOCK_CHANGES = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const;

/** Wraps the context's state-changing methods so that calling one marks the shared context as changed. */
function watchChanges(entry: { context: BrowserContext; changed: boolean }) {
  const mark = <T extends object>(target: T, names: readonly string[]) => {
    for (const name of names) {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        entry.changed = true;
        return (original as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  mark(entry.context, CONTEXT_CHANGES);
  mark(entry.context.clock, CLOCK_CHANGES);
}

/** The page's own screenshot on a failure (Playwright takes it only for contexts made during the test). */
async function attachOnFailure(pages: Page[], testInfo: TestInfo) {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [i, page] of pages.entries()) {
    const body = await page.screenshot({ timeout: 5_000 }).catch(() => null);
    if (body) await testInfo.attach(`page ${i + 1} at failure`, { body, contentType: 'image/png' });
  }
}

/** Clears what the app keeps in the browser for these origins; the HTTP cache (its scripts) stays. */
async function clearOrigins(context: BrowserContext, origins: Set<string>) {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    for (const origin of origins)
      await cdp.send('Storage.clearDataForOrigin', {
        origin,
        storageTypes: 'cookies,local_storage,indexeddb,service_workers,cache_storage',
      });
    await cdp.detach();
  } finally {
    await page.close();
  }
}

export const test = base.extend({
  context: async ({ browser, baseURL, viewport, locale, timezoneId, colorScheme }, use, testInfo) => {
    const key = JSON.stringify([testInfo.file, baseURL, viewport, locale, timezoneId, colorScheme]);
    if (shared && shared.key !== key) {
      await shared.context.close();
      shared = undefined;
    }
    if (!shared) {
      // made during this test: the config's and the file's options apply, as to Playwright's own context
      const entry = { key, context: await browser.newContext(), changed: false, closed: false };
      // a test may close it itself (page.context().close())
      entry.context.once('close', () => (entry.closed = true));
      watchChanges(entry);
      shared = entry;
    }
    const entry = shared;
    await use(entry.context);
    if (entry.closed) {
      shared = undefined;
      return;
    }
    const pages = entry.context.pages();
    await attachOnFailure(pages, testInfo);
    const origins = new Set([baseURL, E2E_LIVE_URL].filter((u): u is string => !!u).map((u) => new URL(u).origin));
    for (const p of pages) if (p.url().startsWith('http')) origins.add(new URL(p.url()).origin);
    for (const p of pages) await p.close();
    if (entry.changed || testInfo.status !== testInfo.expectedStatus) {
      await entry.context.close();
      shared = undefined;
      return;
    }
    await entry.context.clearCookies();
    await entry.context.clearPermissions();
    await clearOrigins(entry.context, origins);
  },
});
