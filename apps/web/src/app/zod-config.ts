import { config } from 'zod/v4/core';

// Imported first by main.tsx, before any schema is built: zod's JIT would probe `new Function('')`,
// which the site's CSP (script-src 'self') refuses and reports as a violation. The site validates a
// handful of form fields, where the interpreted path is as fast as a member types.
config({ jitless: true });
