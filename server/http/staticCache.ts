import path from 'node:path';

/** A year: what a browser may keep a file whose name changes with its content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * How long a browser keeps a file of the built console (served by @fastify/static from `root`). The
 * default answered `public, max-age=0` for every file, so a browser asked again for each: every page
 * load revalidated each of the app's chunks, and every change of the hash route fetched /favicon.svg
 * again (the history screen's query paid a request for it beside its own, issue 32).
 * - assets/: Vite names each file by a hash of its content, so a file of that name never changes;
 * - index.html: always revalidated (`no-cache`), so a new version is picked up at the next load;
 * - the rest (favicon.svg): a day.
 */
export function staticCacheControl(root: string, file: string): string {
  const relative = path.relative(root, file).split(path.sep);
  if (relative.length > 1 && relative[0] === 'assets') return IMMUTABLE;
  if (relative.length === 1 && relative[0] === 'index.html') return 'no-cache';
  return 'public, max-age=86400';
}
