/**
 * Debian's Chromium as the Chromium benches start it: headless, no sandbox (the bench may run as root),
 * no GPU, no background networking (updates, safe browsing) that would add its own traffic and CPU.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/**
 * A launcher that starts Chromium unable to raise its own CPU priority: without CAP_SYS_NICE (dropped
 * from the bounding set, util-linux `setpriv`) it keeps the niceness it inherits. As root it would not:
 * it set its renderers back to 0 and its display compositor to −8, above the server's own 0.
 */
function launcherKeepingNiceness(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vg-chromium-')), 'chromium');
  fs.writeFileSync(file, `#!/bin/sh\nexec setpriv --bounding-set -sys_nice --inh-caps -sys_nice ${CHROMIUM} "$@"\n`, { mode: 0o755 });
  return file;
}

/** `keepNiceness`: the browser stays at the niceness of this process (a bench that yields the CPU to the server). */
export function launchChromium(extraArgs: readonly string[] = [], opts: { keepNiceness?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: opts.keepNiceness ? launcherKeepingNiceness() : CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...extraArgs],
  });
}
