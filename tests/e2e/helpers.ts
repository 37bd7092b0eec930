import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { createHash } from 'node:crypto';
// @ts-expect-error plain ESM module shared with the e2e server launcher
import { E2E_PASSWORDS } from './credentials.mjs';

export const PASSWORDS = E2E_PASSWORDS as { root: string; demo: string };
export const passwordOf = (user: string) => (user === 'root' ? PASSWORDS.root : PASSWORDS.demo);

export async function loginViaForm(page: Page, user: string, password = passwordOf(user)) {
  await page.goto('/#/login');
  await page.locator('input[name=userName]').fill(user);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password]').press('Enter');
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

export async function apiToken(request: APIRequestContext, user: string): Promise<string> {
  const digest = createHash('sha256')
    .update(`voltguard${passwordOf(user)}`)
    .digest('hex');
  const res = await request.post('/auth/v1/login', { data: { userName: user, password: digest, timestamps: Date.now(), client: 'web' } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return body.data.token;
}

export const SCREENSHOT_DIR = 'screenshots';
