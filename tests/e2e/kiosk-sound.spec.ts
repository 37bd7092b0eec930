import { test, expect } from './fixtures';
import { E2E_LIVE_URL } from '../../playwright.config';
import { apiToken, SCREENSHOT_DIR } from './helpers';

test.use({ baseURL: E2E_LIVE_URL });

/**
 * A wall browser under the usual autoplay policy: no sound until the page has had a gesture. Chromium
 * under Playwright counts the navigation as a user activation (audio then always starts), so the
 * policy is applied here the way Chromium applies it: a context stays suspended and its resume()
 * never settles until a pointer or key gesture reaches the page.
 */
const blockAutoplay = () => {
  const Real = window.AudioContext;
  let gesture = false;
  const onGesture = () => {
    gesture = true;
  };
  window.addEventListener('pointerdown', onGesture, true);
  window.addEventListener('keydown', onGesture, true);
  class PolicyAudioContext extends Real {
    override get state() {
      return gesture ? super.state : 'suspended';
    }
    override resume() {
      return gesture ? super.resume() : new Promise<void>(() => {});
    }
  }
  window.AudioContext = PolicyAudioContext;
};

const kioskUrl = (token: string) => `/?token=${encodeURIComponent(token)}&kiosk=1&screens=/realTime&interval=600#/realTime`;

test('the kiosk shows a large 点击启用声音 until a click unlocks the sound; the header says whether sound is on', async ({
  page,
  request,
}) => {
  await page.addInitScript(blockAutoplay);
  const token = await apiToken(request, 'root');
  await page.goto(kioskUrl(token));
  const prompt = page.getByTestId('sound-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveText('点击启用声音');
  const box = (await prompt.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(40);
  await expect(page.getByTestId('kiosk-sound')).toHaveAttribute('data-sound', 'blocked');
  await page.screenshot({ path: `${SCREENSHOT_DIR}/kiosk-sound-prompt.png` });
  // the first pointer gesture anywhere unlocks the sound (the prompt goes as the pointer comes down)
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(prompt).toHaveCount(0);
  await expect(page.getByTestId('kiosk-sound')).toHaveAttribute('data-sound', 'on');
});
