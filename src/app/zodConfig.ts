import { z } from 'zod';

// zod compiles object parsers with `new Function` when it can; the app's Content-Security-Policy allows
// no eval (docs/security.md), and even zod's probe for it is reported as a violation. Imported first.
z.config({ jitless: true });
