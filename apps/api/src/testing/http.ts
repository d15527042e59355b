import { expect } from 'vitest';
import { MESSAGES } from '@abode/shared/messages';
import type { createApp } from '#src/app.ts';
import { ORIGIN } from '#src/features/auth/auth-test-helpers.ts';

/** Reads a test response body as loosely typed JSON, for assertions with toMatchObject / toEqual. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions check the shape at run time
export async function readJson(res: Response): Promise<any> {
  return res.json();
}

/**
 * Sends one request to the app in-process, as the browser would: with our `Origin` (the CSRF check of state-changing
 * requests), the session `cookie` when given, and `body` as JSON when given. `headers` adds or overrides any header
 * (e.g. `X-Forwarded-For` to pick the client IP a rate limit counts).
 */
export function callApi(
  app: ReturnType<typeof createApp>,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method,
      headers: {
        Origin: ORIGIN,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

/** The arguments of {@link callApi} after the app, for a test's own `call` bound to its app. */
export type ApiCallArgs = Parameters<typeof callApi> extends [unknown, ...infer Rest] ? Rest : never;

/** A 400's message and the messages of its details, in that order. */
export async function errorMessagesOf(res: Response): Promise<string[]> {
  const body = await readJson(res);
  return [body.error.message, ...((body.error.details ?? []) as { message: string }[]).map((d) => d.message)];
}

/** Expects `res` to be the 400 of a validation error; returns its details as field path → message. */
export async function validationErrorsOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  const body = await readJson(res);
  expect(body.error.message).toBe(MESSAGES.validation);
  return Object.fromEntries(
    (body.error.details as { path: string; message: string }[]).map((d) => [d.path, d.message]),
  );
}
