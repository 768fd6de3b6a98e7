import { z } from 'zod';

/**
 * zod compiles object schemas with `new Function` when it may, and probes whether it may by trying once. Under our
 * content security policy (no 'unsafe-eval') the probe fails quietly but the browser still reports a violation, on
 * every page that parses an answer. Interpreted parsing is fast enough for the app's answers and reports nothing.
 * Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
