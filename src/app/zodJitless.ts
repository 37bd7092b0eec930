/**
 * 'zod' as the browser build sees it (vite.config.ts points the bare specifier here): the very same
 * module, configured before anything can use it. zod compiles object parsers with `new Function` when
 * it can; the app's Content-Security-Policy allows no eval (docs/security.md), and even zod's probe
 * for it is reported as a violation. Configured where zod is imported, zod can stay out of the entry
 * chunk and load with the first screen or dialog that validates something.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
