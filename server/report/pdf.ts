import fs from 'node:fs';
import { errors } from '../errors';
import { tx } from '../text/text';

/** Debian's Chromium; VG_CHROMIUM points elsewhere (or to nothing, to turn PDF rendering off). */
export const chromiumPath = () => process.env.VG_CHROMIUM ?? '/usr/bin/chromium';

// One rendering at a time: a Chromium per request would starve a small server.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The report HTML printed to A4 by a headless Chromium (playwright-core). Fonts come from the
 * system (fonts-noto-cjk), and Chromium embeds the glyphs used in the PDF. When there is no browser
 * the caller gets REPORT_PDF_UNAVAILABLE and the screen offers the print dialog instead.
 */
export function renderPdf(html: string): Promise<Buffer> {
  const run = queue.then(() => render(html));
  queue = run.catch(() => undefined);
  return run;
}

async function render(html: string): Promise<Buffer> {
  const executablePath = chromiumPath();
  if (!executablePath || !fs.existsSync(executablePath)) throw errors.REPORT_PDF_UNAVAILABLE(tx('未找到 Chromium', 'no Chromium found'));
  let chromium: typeof import('playwright-core').chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw errors.REPORT_PDF_UNAVAILABLE(tx('未安装 playwright-core', 'playwright-core is not installed'));
  }
  const browser = await chromium
    .launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    .catch(() => {
      throw errors.REPORT_PDF_UNAVAILABLE(tx('Chromium 无法启动', 'Chromium does not start'));
    });
  try {
    const page = await browser.newPage();
    // No network: the report is self-contained, and nothing it holds should reach out.
    await page.route('**/*', (route) => route.abort());
    await page.setContent(html, { waitUntil: 'load' });
    return Buffer.from(await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }));
  } finally {
    await browser.close();
  }
}
