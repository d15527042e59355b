import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#src/app-env.ts';

/**
 * Personal data: never stored by the browser's or a proxy's cache. Set after the handler, so it also covers errors
 * (e.g. the 401 of a signed-out caller).
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};
