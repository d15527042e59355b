/**
 * better-auth on our own Drizzle tables (ADR 002, REQ-AUTH-13): e-mail + password with argon2id, sessions in the
 * database, e-mail confirmation and password reset by e-mail (nodemailer or the `outbox`), httpOnly SameSite=Lax
 * cookies, `Secure` in production. Role, admin and suspension have one source of truth each: `users.role`, the
 * `admins` table and `users.is_suspended` (REQ-AUTH-12) — better-auth's admin plugin is not used.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, passwordValidationFailedMessage } from '@abode/shared/auth/auth.schema';
import { checkPasswordStrength } from '@abode/shared/auth/password';
import { ChangeEmailSchema } from '@abode/shared/profile/profile.schema';
import { BACKUP_CODE_COUNT, TRUSTED_DEVICE_DAYS } from '@abode/shared/auth/two-factor';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import type { Database } from '#src/db/client.ts';
import { accounts, sessions, twoFactors, users, verifications } from '#src/db/schema.ts';
import { createOneBranchAgency, isAgencyMember } from '#src/features/agency/create-agency.ts';
import {
  addressChangedEmail,
  confirmAccountEmail,
  confirmNewAddressEmail,
  existingAccountEmail,
  resetPasswordEmail,
} from '#src/emails/account.tsx';
import { sendMail, type Email, type MailConfig } from '#src/lib/mail.ts';

export interface CreateAuthOptions {
  db: Database;
  /** Origin of the site, used for links in e-mails and as the trusted origin (e.g. http://localhost:3000). */
  baseURL: string;
  secret: string;
  production?: boolean;
  mail?: MailConfig;
  /** Extra origins allowed to POST (the Vite dev server). */
  trustedOrigins?: string[];
  /** better-auth's own console logging (default 'warn'; tests use 'error'). */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
}

/**
 * The header that carries the client address to better-auth, set by features/auth/routes.ts to `clientIp(c)` on every
 * request it hands over (replacing any copy the client sent), so the sessions better-auth stores get the address every
 * other record uses (REQ-SEC-15) and it never reads X-Forwarded-For itself.
 */
export const CLIENT_IP_HEADER = 'x-abode-client-ip';

/** Secret used by tests and by `createApp({ db })` without an explicit auth instance. Never in production. */
export const TEST_AUTH_SECRET = 'abode-test-secret-not-for-production-0123456789';

/** AUTH_SECRET, or one generated once and kept in DATA_DIR/auth-secret (outside production). */
export function resolveAuthSecret(env: { AUTH_SECRET?: string | undefined; dataDir: string }): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(env.dataDir, { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function createAuth(options: CreateAuthOptions) {
  const { db } = options;
  const origin = new URL(options.baseURL).origin;
  // Set while better-auth makes the reset link of an existing-account notice (below), so sendResetPassword sends
  // that notice instead of the plain reset e-mail.
  const existingAccountNotice = new AsyncLocalStorage<true>();
  // Assigned once the instance exists: its own API makes the reset link (a reference inside the options would make
  // the instance's type refer to itself).
  let requestResetLink: (email: string) => Promise<unknown> = () => Promise.resolve();
  const mail = (email: Email) => sendMail(db, email, options.mail);

  const auth = betterAuth({
    baseURL: origin,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [origin, ...(options.trustedOrigins ?? [])],
    telemetry: { enabled: false },
    logger: { level: options.logLevel ?? 'warn' },
    // Our own DB-backed limiter runs in front of sign-up and sign-in (features/auth/routes.ts).
    rateLimit: { enabled: false },
    // better-auth's generic `update-user` would store name, image and every `input: true` field (firstName, lastName,
    // role!) unsanitised and unchecked. Profiles change through PATCH /api/me/profile (shared UpdateProfileSchema,
    // REQ-SEC) and roles never change by the user's own hand.
    // `verify-password` answers whether a password is the signed-in user's with no limit of its own: a password
    // oracle for a stolen session (REQ-AUTH-13). The SPA never calls it; DELETE /api/me calls it in-process
    // (auth.api.verifyPassword), which disabledPaths does not affect.
    // `/two-factor/get-totp-uri` would hand the authenticator secret to anyone holding a session and the password
    // (and be one more password oracle); the setup shows the QR code once, as it starts (ADR 031).
    disabledPaths: ['/update-user', '/verify-password', '/two-factor/get-totp-uri'],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, twoFactors },
    }),
    // Two-factor sign-in (ADR 031): authenticator apps (TOTP) and backup codes, both stored encrypted with the
    // secret by the library. Our limiter, security events, the code needed to turn it off and the policy of who must
    // use it sit in front (routes.ts, two-factor-routes.ts, middleware/auth.ts).
    plugins: [
      twoFactor({
        issuer: 'Abode',
        trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
        backupCodeOptions: { amount: BACKUP_CODE_COUNT, length: 10 },
        schema: { twoFactor: { modelName: 'twoFactors' } },
      }),
    ],
    user: {
      modelName: 'users',
      fields: { emailVerified: 'isVerified' },
      // REQ-CLIENT /profile: the link goes to the NEW address and the e-mail changes only when it is followed
      // (no `sendChangeEmailConfirmation`, so better-auth does not ask the current address first); the old
      // address is told afterwards (afterEmailVerification below).
      changeEmail: { enabled: true },
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        role: { type: 'string', required: false, input: true, defaultValue: 'client' },
        phone: { type: 'string', required: false, input: false },
        isSuspended: { type: 'boolean', required: false, input: false, defaultValue: false },
        isDeleted: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    session: { modelName: 'sessions' },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      // REQ-AUTH: a sign-up with an address that has an account answers exactly as a new one (better-auth's
      // synthetic user, so nobody learns which addresses have accounts), and the address is told, with a sign-in and
      // a password reset link. Limited like every e-mail a form sends (REQ-LIMIT-01 critical), per IP + e-mail and per
      // address; over the limit nothing is sent and the answer is still the same.
      onExistingUserSignUp: async ({ user }, request) => {
        const account = user as typeof user & { isDeleted?: boolean };
        if (account.isDeleted) return;
        const ip = request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown';
        const now = new Date();
        for (const [key, action] of [
          [`${ip}|${user.email}`, 'email'],
          [`to:${user.email}`, 'existing_account_notice'],
        ] as const) {
          const limit = await checkRateLimit(db, { key, action, ...EXISTING_ACCOUNT_NOTICE_RATE_LIMIT, now });
          if (!limit.allowed) return;
        }
        await existingAccountNotice.run(true, () => requestResetLink(user.email));
      },
      sendResetPassword: async ({ user, url }) => {
        if (existingAccountNotice.getStore()) {
          await mail(existingAccountEmail(user.email, `${origin}/auth`, url));
          return;
        }
        await mail(resetPasswordEmail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url, token }) => {
        // A change of address (REQ-CLIENT-14): `user.email` is already the new address here.
        if (tokenPayload(token).updateTo) {
          await mail(confirmNewAddressEmail(user.email, withLanding(url, '/profile')));
          return;
        }
        await mail(confirmAccountEmail(user.email, withVerifiedLanding(url)));
      },
      // After a change of address, the old one is told (REQ-CLIENT-14), so a take-over does not go unnoticed.
      afterEmailVerification: async (user, request) => {
        const token = request ? new URL(request.url).searchParams.get('token') : null;
        const payload = token ? tokenPayload(token) : {};
        if (!payload.updateTo || !payload.email || payload.email === payload.updateTo) return;
        await mail(addressChangedEmail(payload.email, user.email));
      },
    },
    hooks: {
      // REQ-CLIENT /profile, before better-auth's own handling (which checks only the length of a new password):
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/change-password') {
          // A new password meets the sign-up strength rules (REQ-AUTH-04), as on reset.
          const strength = checkPasswordStrength(
            typeof body.newPassword === 'string' ? body.newPassword : '',
          );
          if (!strength.isValid)
            throw new APIError('BAD_REQUEST', {
              code: 'VALIDATION_ERROR',
              message: passwordValidationFailedMessage(strength.errors),
            });
          // Every other session ends with the old password, whatever the client asked (as on reset).
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
        if (ctx.path === '/change-email') {
          const parsed = ChangeEmailSchema.safeParse(body);
          if (!parsed.success)
            throw new APIError('BAD_REQUEST', {
              code: 'VALIDATION_ERROR',
              message: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.invalidEmail,
            });
          // Each request sends an e-mail to an address of the caller's choosing: limit it per user (REQ-LIMIT-06).
          const session = await getSessionFromCtx(ctx);
          if (session) {
            const limit = await checkRateLimit(db, {
              key: `user:${session.user.id}`,
              action: 'change_email',
              ...CHANGE_EMAIL_RATE_LIMIT,
              now: new Date(),
            });
            if (!limit.allowed)
              throw new APIError(
                'TOO_MANY_REQUESTS',
                { code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyEmailRequests },
                { 'Retry-After': String(limit.retryAfterSeconds) },
              );
          }
          return { context: { body: { ...body, newEmail: parsed.data.newEmail } } };
        }
      }),
    },
    advanced: {
      // Only our own header (see CLIENT_IP_HEADER); full IPv6 addresses, not better-auth's default /64.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 128 },
      useSecureCookies: options.production ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        create: {
          // An agent sign-up also creates their agency: one branch (SPEC's `agents` row), with them as its owner
          // (ADR 029). It starts unverified. An invitee joins the inviting agency instead (see agency invitations).
          after: async (user) => {
            const u = user as typeof user & {
              role?: string;
              firstName?: string | null;
              lastName?: string | null;
            };
            if (u.role !== 'agent') return;
            const name = [u.firstName, u.lastName].filter(Boolean).join(' ') || u.name || u.email;
            if (await isAgencyMember(db, u.id)) return;
            await createOneBranchAgency(db, { name, email: u.email }, { ownerUserId: u.id });
          },
        },
      },
      session: {
        create: {
          // Suspended or deleted users never get a session, whichever path creates it.
          before: async (session, ctx) => {
            const [row] = await db
              .select({ isSuspended: users.isSuspended, isDeleted: users.isDeleted })
              .from(users)
              .where(eq(users.id, session.userId));
            if (!row || row.isSuspended || row.isDeleted)
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_SUSPENDED',
                message: AUTH_MESSAGES.accountSuspended,
              });
            // The address exactly as `clientIp` wrote it (better-auth would re-format IPv6 and turn `unknown` into
            // 127.0.0.1 outside production); empty when no request of ours carries it.
            return {
              data: { ...session, ipAddress: ctx?.headers?.get(CLIENT_IP_HEADER)?.slice(0, 64) ?? '' },
            };
          },
        },
      },
    },
  });
  requestResetLink = (email) =>
    auth.api.requestPasswordReset({ body: { email, redirectTo: RESET_PASSWORD_PAGE } });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** The SPA's page that takes a reset link's token (apps/web paths.resetPassword). */
const RESET_PASSWORD_PAGE = '/auth/reset-password';

/**
 * Notices of a sign-up with an existing account's address (REQ-AUTH-07): REQ-LIMIT-06 "critical" 3 an hour, blocked 1 hour,
 * as every request that sends an e-mail (routes.ts AUTH_RATE_LIMITS.email, whose per IP + e-mail count it shares).
 */
export const EXISTING_ACCOUNT_NOTICE_RATE_LIMIT = {
  limit: 3,
  windowMs: 60 * 60_000,
  blockMs: 60 * 60_000,
  actionClass: 'critical',
} as const;

/** Change-of-address requests per user (each sends an e-mail): REQ-LIMIT-06 "critical" 3 an hour, blocked 1 hour. */
export const CHANGE_EMAIL_RATE_LIMIT = {
  limit: 3,
  windowMs: 60 * 60_000,
  blockMs: 60 * 60_000,
  actionClass: 'critical',
} as const;

/**
 * The claims of a better-auth e-mail token (a JWT it has signed, or just verified, itself): `email`, and for a change
 * of address `updateTo`. Not a verification: never trust it for anything better-auth has not checked.
 */
function tokenPayload(token: string): { email?: string; updateTo?: string } {
  try {
    const part = token.split('.')[1] ?? '';
    const json: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (!json || typeof json !== 'object') return {};
    const { email, updateTo } = json as Record<string, unknown>;
    return {
      ...(typeof email === 'string' ? { email } : {}),
      ...(typeof updateTo === 'string' ? { updateTo } : {}),
    };
  } catch {
    return {};
  }
}

/** Lands a link on `fallback` when it carries no callback of its own (or just '/'). */
function withLanding(url: string, fallback: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/') link.searchParams.set('callbackURL', fallback);
  return link.toString();
}

/**
 * The confirmation link lands on the SPA's 'e-mail confirmed' page. better-auth re-sends the e-mail on an unconfirmed
 * sign-in without the callback the sign-up form gave, which would land on the home page with no word of success.
 */
export function withVerifiedLanding(url: string): string {
  return withLanding(url, '/auth/verified');
}
