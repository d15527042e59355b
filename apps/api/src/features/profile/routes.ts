/**
 * The signed-in user's own account (REQ-CLIENT /profile; REQ-AUTH-13 `/api/me/…`), mounted at /api/me. Every route needs
 * a session (401 otherwise), acts only on the caller's own row, and is never cached (`Cache-Control: no-store`).
 *
 * Change password and change e-mail are better-auth's own endpoints, called by the SPA's auth client:
 * `POST /api/auth/change-password` `{ currentPassword, newPassword }` (a before-hook in auth.ts refuses weak
 * passwords with 'Password validation failed: …' and always ends the other sessions; a wrong current password is
 * 400 `INVALID_PASSWORD`) and `POST /api/auth/change-email`
 * `{ newEmail, callbackURL }` (the link goes to the new address; the e-mail changes only once it is followed; the old
 * address is told afterwards).
 */
import { createRoute, OpenAPIHono, type Hook } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import {
  DataExportSchema,
  DeleteAccountSchema,
  PROFILE_MESSAGES,
  ProfileChangesSchema,
  ProfileSchema,
} from '@abode/shared/profile/profile.schema';
import type { AppEnv } from '#src/app-env.ts';
import { errorResponse, json, jsonBody, unauthenticated } from '#src/lib/openapi.ts';
import { AppError } from '#src/errors/app-error.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { requireUser } from '#src/middleware/auth.ts';
import { deleteAccount } from './delete-account.ts';
import { exportUserData } from './export-user-data.ts';
import { getProfile } from './get-profile.ts';
import { updateProfile } from './update-profile.ts';

/** Password attempts on account deletion per user: 5 in 15 minutes, then blocked 15 minutes (REQ-LIMIT-01 auth keys). */
export const DELETE_ACCOUNT_RATE_LIMIT = {
  limit: 5,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
  actionClass: 'auth',
} as const;

/** The form rules' own messages (REQ-CLIENT); zod's built-in texts ('Invalid input: expected string…') are not. */
const FORM_MESSAGES = new Set<string>([
  ...Object.values(PROFILE_MESSAGES),
  ...Object.values(AUTH_MESSAGES),
  ...Object.values(MESSAGES),
]);

/**
 * Instead of the shared validation hook: form bodies answer 400 with the first problem's own message (e.g. 'Phone
 * number should be between 5-20 characters') so the form can show it as is, plus every failing field in `details`.
 * A body of the wrong shape (not an object, a number for a name…) gets the REQ-MSG-01.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- shared by routes of different input types
const formHook: Hook<any, AppEnv, any, any> = (result) => {
  if (result.success) return;
  const details = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message = details.find((d) => FORM_MESSAGES.has(d.message))?.message ?? MESSAGES.validation;
  throw new AppError('VALIDATION_ERROR', message, { details });
};

const getProfileRoute = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['Profile'],
  summary: "The signed-in user's profile",
  middleware: [requireUser] as const,
  responses: {
    200: json(ProfileSchema, 'The profile'),
    ...unauthenticated,
  },
});

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/profile',
  tags: ['Profile'],
  summary: 'Update first name, last name and phone',
  description:
    'Partial: a field left out keeps its stored value. firstName (letters, spaces, apostrophes and hyphens; ' +
    'trimmed and cut to 50 characters, as on sign-up) cannot be cleared: null or blank is a 400. lastName and ' +
    "phone are optional: '' or null clears them. The phone is stored with only digits, +, -, spaces and brackets, " +
    '5–20 characters (REQ-ENQ-02). better-auth\'s `name` becomes "first last".',
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(ProfileChangesSchema),
  },
  responses: {
    200: json(ProfileSchema, 'The updated profile'),
    400: errorResponse("A field failed its rule: the message is that rule's (REQ-SEC-01, REQ-MSG-02)"),
    ...unauthenticated,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/export',
  tags: ['Profile'],
  summary: 'Download my data',
  description:
    'Everything stored about the signed-in user as a JSON attachment `abode-my-data-YYYY-MM-DD.json`: profile, ' +
    'favourites and recent views (with listing titles and slugs), saved searches, enquiries they sent (by account ' +
    'or by their e-mail), sessions (created, expiry, IP, user agent), audit log entries about them (action, time, ' +
    'IP) and their agent record. Never password hashes or tokens.',
  middleware: [requireUser] as const,
  responses: {
    200: json(DataExportSchema, 'The export'),
    ...unauthenticated,
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/',
  tags: ['Profile'],
  summary: 'Delete my account',
  description:
    'Needs the current password and the word DELETE. In one transaction the account is soft-deleted with its ' +
    'personal data erased (names, phone and image cleared, e-mail replaced by an undeliverable ' +
    '`deleted-{id}@deleted.invalid`), its sessions, password, favourites, saved searches and recent views deleted. ' +
    'Enquiries the user sent stay with the agent who received them (legitimate interest) but lose their link to the ' +
    'account. Answers 204 and expires the session cookie. Agent and admin accounts are closed by support (403).',
  middleware: [requireUser] as const,
  request: {
    body: jsonBody(DeleteAccountSchema),
  },
  responses: {
    204: { description: 'Deleted; the session cookie is cleared' },
    400: errorResponse("Missing password or confirmation, or 'Incorrect password'"),
    ...unauthenticated,
    403: errorResponse('Agent and administrator accounts cannot be deleted here'),
    429: errorResponse('Too many attempts (Retry-After)'),
  },
});

/** Expires better-auth's cookies on this response (the session row is already gone). */
async function clearSessionCookies(c: Context<AppEnv>): Promise<void> {
  const { authCookies } = await c.var.auth.$context;
  for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
    const secure = cookie.attributes.secure ? '; Secure' : '';
    c.header('Set-Cookie', `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`, {
      append: true,
    });
  }
}

/** True when better-auth accepts `password` as the signed-in user's current password. */
async function passwordMatches(c: Context<AppEnv>, password: string): Promise<boolean> {
  try {
    await c.var.auth.api.verifyPassword({ body: { password }, headers: c.req.raw.headers });
    return true;
  } catch {
    return false;
  }
}

export const profileRoutes = new OpenAPIHono<AppEnv>({ defaultHook: formHook })
  .openapi(getProfileRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getProfile(c.var.db, c.var.viewer.user.id), 200);
  })
  .openapi(updateProfileRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const profile = await updateProfile(c.var.db, c.var.viewer.user.id, c.req.valid('json'), c.var.now());
    return c.json(profile, 200);
  })
  .openapi(exportRoute, async (c) => {
    const now = c.var.now();
    const userId = c.var.viewer.user.id;
    const data = await exportUserData(c.var.db, userId, now);
    await logSecurityEvent(
      c.var.db,
      {
        action: 'data_access',
        severity: 'low',
        description: 'User downloaded their data',
        metadata: { type: 'data_exported' },
        entityId: userId,
        userId,
        ip: clientIp(c),
        userAgent: c.req.header('user-agent'),
        now,
      },
      c.var.logger,
    );
    c.header('Cache-Control', 'no-store');
    c.header(
      'Content-Disposition',
      `attachment; filename="abode-my-data-${now.toISOString().slice(0, 10)}.json"`,
    );
    return c.json(data, 200);
  })
  .openapi(deleteRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { viewer, db } = c.var;
    const now = c.var.now();
    const userId = viewer.user.id;
    if (viewer.user.role === 'agent' || viewer.isAdmin)
      throw new AppError('FORBIDDEN', PROFILE_MESSAGES.deleteNotAllowed);

    // A stolen session must not be able to guess the password here.
    const limit = await checkRateLimit(db, {
      key: `user:${userId}`,
      action: 'account_delete',
      ...DELETE_ACCOUNT_RATE_LIMIT,
      now,
    });
    if (!limit.allowed)
      throw new AppError('RATE_LIMITED', PROFILE_MESSAGES.tooManyAttempts, {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    if (!(await passwordMatches(c, c.req.valid('json').password)))
      throw new AppError('VALIDATION_ERROR', PROFILE_MESSAGES.passwordWrong, {
        details: [{ path: 'password', message: PROFILE_MESSAGES.passwordWrong }],
      });

    await deleteAccount(db, userId, now);
    // No e-mail, name or phone here: the account's data is gone, only the fact of the deletion stays.
    await logSecurityEvent(
      db,
      {
        action: 'data_access',
        severity: 'medium',
        description: 'Account deleted by its owner',
        metadata: { type: 'account_deleted' },
        entityId: userId,
        userId,
        ip: clientIp(c),
        userAgent: c.req.header('user-agent'),
        now,
      },
      c.var.logger,
    );
    await clearSessionCookies(c);
    return c.body(null, 204);
  });
