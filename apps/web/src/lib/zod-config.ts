/**
 * Zod compiles fast object parsers with `new Function` when it may. The Content-Security-Policy forbids eval
 * (ADR 013), so that probe is refused — and reported as a CSP violation on every page. Jitless parsing needs no
 * eval. main.tsx imports this module first, before any schema parses.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (what `z.config()` writes to), so this sets `jitless`
 * there without importing zod: zod stays out of the first bundle and arrives with the first page that parses.
 * zod-config.test.ts checks that zod still reads this setting.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
