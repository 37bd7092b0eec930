import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin } from './helpers';

/**
 * One page for a spec's variants of the same screen (language × theme × size). A variant on a new
 * context pays a cold load of the app, about 2 s here, most of it V8 compiling the entry chunk again;
 * a reload in the same context takes 0.3–0.7 s. Call once at the top level of the spec; its tests take
 * the page from the function returned and open their variant with `openIn`. The context gets the
 * config's options (base URL, locale, time zone) as the `page` fixture's does. A failed test attaches
 * the page as it stood, as `screenshot: 'only-on-failure'` does for the fixture. With `user`, the tab
 * holds that user's web session (the login `signIn` makes) before the first variant loads.
 */
export function sharedPage(opts: { user?: string } = {}): () => Page {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext();
    page = await context.newPage();
    // the app's origin, for its storage: the icon is the cheapest document it serves
    await page.goto('/favicon.svg');
    if (opts.user) {
      const body = await apiLogin(page.request, opts.user, undefined, 'web');
      expect(body.code, body.msg).toBe(0);
      await page.evaluate(
        ({ token, userId }) => {
          sessionStorage.setItem('vg.token', token);
          sessionStorage.setItem('vg.userId', String(userId));
        },
        { token: body.data.token, userId: body.data.user.id },
      );
    }
  });
  // Playwright reads a hook's fixtures from its first parameter, which must be a destructuring pattern
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    if (page && testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('page at failure', { body: await page.screenshot(), contentType: 'image/png' });
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!page) throw new Error('sharedPage(): the page exists from beforeAll on');
    return page;
  };
}

/**
 * Loads `url` afresh with the language and theme given in the console's local storage (as the user
 * menu keeps them). The page goes through about:blank: a `goto` that changes only the hash would not
 * reload the app. The page is on the app's origin (sharedPage starts it there), whose storage this writes.
 */
export async function openIn(page: Page, url: string, view: { lang?: string; theme?: string } = {}): Promise<void> {
  await page.evaluate(
    ({ lang, theme }) => {
      if (lang) localStorage.setItem('vg.lang', lang);
      if (theme) localStorage.setItem('vg.theme', theme);
    },
    { lang: view.lang, theme: view.theme },
  );
  await page.goto('about:blank');
  await page.goto(url);
}
