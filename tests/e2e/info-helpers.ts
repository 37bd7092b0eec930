import { expect, type Page } from '@playwright/test';

/** A toast (success, info or error) with the given text. */
const toast = (page: Page, text: string) => page.locator('[data-kind]').filter({ hasText: text }).first();

export async function expectToast(page: Page, text: string) {
  await expect(toast(page, text)).toBeVisible();
}

/** Names unique per run, since the e2e server and its data are shared by the spec files. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5)}`;

/** Clicks a table row by a cell text, selecting just that row. */
export async function selectRow(page: Page, tableTestId: string, text: string) {
  await page.getByTestId(tableTestId).locator('tbody tr').filter({ hasText: text }).first().click();
}

/** A 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
