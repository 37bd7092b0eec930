import { test, expect, type Page } from './fixtures';
import { addDays, addQuarters, startOfQuarter } from 'date-fns';
import { formatIn, inZone } from '../../domain/timeZone';
import { signIn } from './helpers';

/**
 * Issue 15: the date selector. 季 → 自定义 keeps the quarter only up to today (no end in the
 * future); 季 → 日 comes back to the day the user was on (today), not the quarter's first day. The
 * days are the project's (Asia/Shanghai), the browser runs in New York (playwright.config.ts).
 */
const ZONE = 'Asia/Shanghai';
const day = (t: number | Date) => formatIn(t, 'yyyy-MM-dd', ZONE);

const selector = (page: Page) => page.getByTestId('date-selector');
const pick = (page: Page, name: string) => selector(page).getByRole('radio', { name, exact: true }).click();

test('季 → 自定义 ends today at the latest; 季 → 日 is today; previous quarter → 日 keeps the day', async ({ page }) => {
  const now = Date.now();
  const today = day(now);
  const quarterStart = startOfQuarter(now, inZone(ZONE));
  await signIn(page, 'lisi', '/alarmEvent');
  await expect(selector(page).getByTestId('date-label')).toHaveText(today);

  await pick(page, '季');
  await expect(selector(page).getByTestId('date-label')).toHaveText(formatIn(quarterStart, "yyyy 'Q'Q", ZONE));
  await pick(page, '日');
  await expect(selector(page).getByTestId('date-label')).toHaveText(today);

  await pick(page, '季');
  await pick(page, '自定义');
  await expect(selector(page).getByLabel('开始日期')).toHaveValue(day(quarterStart));
  await expect(selector(page).getByLabel('结束日期')).toHaveValue(today);
  await expect(selector(page).getByLabel('结束日期')).toHaveAttribute('max', today);
  // typed in the app's format in either language (never the browser's mm/dd/yyyy); wrong text is named
  const from = selector(page).getByLabel('开始日期');
  await expect(from).toHaveAttribute('placeholder', 'yyyy-MM-dd');
  await from.fill('11/02/2026');
  await expect(selector(page).getByRole('alert')).toHaveText('请按 yyyy-MM-dd 填写');
  await from.fill('2999-01-01');
  await expect(selector(page).getByRole('alert')).toHaveText(`不能晚于 ${today}`);
  await from.fill(day(quarterStart));
  await expect(selector(page).getByRole('alert')).toHaveCount(0);

  // The quarter before, then 日: the same place in that quarter (today's date one quarter back).
  await pick(page, '季');
  await selector(page).getByRole('button', { name: '上一周期' }).click();
  await expect(selector(page).getByTestId('date-label')).toHaveText(
    formatIn(addQuarters(quarterStart, -1, inZone(ZONE)), "yyyy 'Q'Q", ZONE),
  );
  await pick(page, '日');
  const sameDayBefore = addQuarters(now, -1, inZone(ZONE));
  const lastOfPrevious = addDays(quarterStart, -1, inZone(ZONE));
  await expect(selector(page).getByTestId('date-label')).toHaveText(day(sameDayBefore < lastOfPrevious ? sameDayBefore : lastOfPrevious));
});
