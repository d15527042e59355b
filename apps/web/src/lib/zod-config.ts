/**
 * Zod compiles fast object parsers with `new Function` when it may. The Content-Security-Policy forbids eval
 * (ADR 013), so that probe is refused — and reported as a CSP violation on every page. Jitless parsing needs no
 * eval. main.tsx imports this module first, before any schema parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
