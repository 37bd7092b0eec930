import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, whose `page` fixture's pages close before their context does when the test passed. With `screenshot:
 * 'only-on-failure'` Playwright shoots every page of a context as the context closes, passed or not (for
 * a context the test closes itself it cannot know yet), and throws the shots of a passed test away:
 * 0.9 s a test on this machine. A failed test's pages were shot already, as its function ended.
 */
export const test = base.extend({
  context: async ({ context }, use, testInfo) => {
    await use(context);
    // a failed test's context keeps its pages: Playwright reads the first one's accessibility tree as it closes
    if (testInfo.status === testInfo.expectedStatus) await Promise.all(context.pages().map((page) => page.close()));
  },
});
