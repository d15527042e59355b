/**
 * How the auth routes talk to better-auth (routes.ts): requests forwarded with the client address header, and
 * answers normalised so every error carries `{ error: { code, message } }` with a message people may see (REQ-MSG-01)
 * and no answer carries a session token.
 */
import type { Context } from 'hono';
import { BASE_ERROR_CODES } from 'better-auth';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { TWO_FACTOR_MESSAGES } from '@abode/shared/auth/two-factor';
import { MESSAGES } from '@abode/shared/messages';
import { PROFILE_MESSAGES } from '@abode/shared/profile/profile.schema';
import type { AppEnv } from '#src/app-env.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/** A JSON request body as better-auth takes it. */
export type Body = Record<string, unknown>;

/** Auth error texts shown as they are: ours (REQ-AUTH-06, REQ-MSG-01) and better-auth's own (REQ-MSG-01 auth service messages). */
const SHOWN_AS_IS = new Set<string>([
  ...Object.values(AUTH_MESSAGES),
  ...Object.values(PROFILE_MESSAGES),
  ...Object.values(TWO_FACTOR_MESSAGES),
  ...Object.values(MESSAGES),
  ...Object.values(BASE_ERROR_CODES).map((e) => e.message),
]);

/** The message of an auth error: a known text as it is, anything else the REQ-MSG-01 message of its status. */
export function safeMessage(status: number, message: string): string {
  if (SHOWN_AS_IS.has(message) || message.startsWith(AUTH_MESSAGES.passwordValidationFailedPrefix))
    return message;
  if (status === 401) return MESSAGES.authentication;
  if (status === 403) return MESSAGES.authorization;
  if (status === 404) return MESSAGES.notFound;
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status >= 500) return MESSAGES.server;
  return MESSAGES.validation;
}

/** Code of an error answer without one of its own (e.g. better-auth's bare 404 for an unknown endpoint). */
export function codeOf(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'VALIDATION_ERROR';
}

export function errorResponse(
  status: number,
  code: string,
  typed: string,
  headers: Record<string, string> = {},
): Response {
  const message = safeMessage(status, typed);
  return new Response(JSON.stringify({ code, message, error: { code, message } }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export async function readBody(c: Context<AppEnv>): Promise<Body> {
  try {
    const body: unknown = await c.req.raw.clone().json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
  } catch {
    return {};
  }
}

/** `v` when it is a string, else ''. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The request's headers for better-auth (cookies, Origin, user agent), with {@link CLIENT_IP_HEADER} set to
 * `clientIp(c)`: whatever copy of it the client sent is replaced.
 */
export function authHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c));
  return headers;
}

/** Re-sends `body` as JSON to better-auth with the original headers. */
export function forward(c: Context<AppEnv>, body: Body): Request {
  const headers = authHeaders(c);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Request(c.req.raw.url, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The request as it came (body untouched), with the client address header set. */
export function asIs(c: Context<AppEnv>): Request {
  return new Request(c.req.raw, { headers: authHeaders(c) });
}

/** Answers whose JSON holds the session token better-auth also sets as the httpOnly cookie. */
const TOKEN_BEARING = new Set([
  '/get-session',
  '/list-sessions',
  '/sign-in/email',
  '/sign-up/email',
  // A sign-in's second step (ADR 031) answers with the new session's token too.
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

/** `value` without `token` fields: at the top, in `session`, or in each session of a list. */
function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!value || typeof value !== 'object') return value;
  const { token: _token, ...rest } = value as Record<string, unknown>;
  if (rest.session && typeof rest.session === 'object') rest.session = withoutTokens(rest.session);
  return rest;
}

/**
 * A successful get-session, list-sessions, sign-in or sign-up answer without the raw session token: a script on the
 * page (an XSS) could otherwise read what the httpOnly cookie keeps from it. Other answers are left as they are.
 */
export async function stripSessionTokens(sub: string, res: Response): Promise<Response> {
  if (!TOKEN_BEARING.has(sub) || !res.ok || !res.headers.get('content-type')?.includes('application/json'))
    return res;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  if (body === undefined) return res;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(withoutTokens(body)), { status: res.status, headers });
}

/** Adds `error: { code, message }` to better-auth's error bodies and words some of them for people. */
export async function normaliseResponse(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  if (!res.headers.get('content-type')?.includes('application/json')) {
    const headers = Object.fromEntries(
      [...res.headers].filter(([name]) => !/^content-(type|length)$/i.test(name)),
    );
    return errorResponse(res.status, codeOf(res.status), '', headers);
  }
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string; error?: unknown } | null;
  if (!body || body.error) return res;
  const code = body.code ?? 'AUTH_ERROR';
  const message =
    code === 'EMAIL_NOT_VERIFIED'
      ? AUTH_MESSAGES.emailNotVerified
      : safeMessage(res.status, body.message ?? AUTH_MESSAGES.unexpected);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, code, message, error: { code, message } }), {
    status: res.status,
    headers,
  });
}

/** The fields of a better-auth answer the auth routes read; `twoFactorRedirect` when a sign-in needs its code. */
type AuthAnswer = { code?: string; user?: { id?: string }; twoFactorRedirect?: boolean } | null;

export async function responseJson(res: Response): Promise<AuthAnswer> {
  return (await res
    .clone()
    .json()
    .catch(() => null)) as AuthAnswer;
}
