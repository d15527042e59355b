/**
 * The development helpers (/api/dev/*, the /dev/mail page) answer only this machine (REQ-SEC-14): the outbox holds
 * password-reset and confirmation links, and /api/dev/publish-listing puts listings live without an admin. A request
 * from anywhere else gets the 404 of a path that does not exist (REQ-MSG-05), so it learns nothing.
 * Production never mounts them at all (app.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import { AppError } from '#src/errors/app-error.ts';
import { isLoopbackRequest } from '#src/lib/client-ip.ts';

/** Middleware: 404 (AppError NOT_FOUND) unless `isLoopbackRequest(c)`. */
export const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isLoopbackRequest(c)) throw AppError.notFound();
  await next();
};
