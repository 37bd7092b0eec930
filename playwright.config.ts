import { defineConfig } from '@playwright/test';

/** e2e in Debian's Chromium against the built app and a real server on a temporary data dir. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18765);
/** The live server (simulator on, short communication timeouts) for the realtime specs. */
export const E2E_LIVE_URL = `http://127.0.0.1:${E2E_PORT + 1}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the specs share the two servers' data (events, history, users), and interleaving
  // them would make each other's counts and orderings move.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1920, height: 1080 },
    locale: 'zh-CN',
    // The one time-zone rule (issue 15): the browser runs 13 h away from the project zone
    // (Asia/Shanghai) and 5 h from the server (UTC, serve.mjs); every screen still shows project time.
    timezoneId: 'America/New_York',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: 'node tests/e2e/serve.mjs',
      url: `http://127.0.0.1:${E2E_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: String(E2E_PORT) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node tests/e2e/serve.mjs --live',
      url: `${E2E_LIVE_URL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: String(E2E_PORT) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
