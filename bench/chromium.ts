/**
 * Debian's Chromium as the Chromium benches start it: headless, no sandbox (the bench may run as root),
 * no GPU, no background networking (updates, safe browsing) that would add its own traffic and CPU.
 */
import { chromium, type Browser } from 'playwright-core';

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}
