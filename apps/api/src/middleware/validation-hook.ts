/**
 * zod-openapi's hook for failed request validation: throws the AppError that the error handler renders, so every
 * 400 carries a REQ-MSG-01 message (or the REQ-SEC price-range message).
 */
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from '#src/app-env.ts';
import { validationError } from './error-handler.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the hook is shared by routes of every input type
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (!result.success) throw validationError(result.error);
};
