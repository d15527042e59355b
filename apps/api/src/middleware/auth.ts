/**
 * Route guards (REQ-AUTH-11, REQ-AUTH-10): `requireUser`, `requireAgentUser` then `requireAgentProfile` (together "the
 * agent guard": loads the agent's agency membership, ADR 029; an agent without one gets 404 'Agent profile not
 * found'), `requireAdmin`. 401 when signed out, 403 for the wrong role, with the REQ-AGENT-02 messages; 403 TWO_FACTOR_SETUP_REQUIRED for a user the two-factor policy requires it of who has
 * not set it up (ADR 031; only `requireSession`, for `GET /api/me`, lets them through).
 * The user row is read on every request, so a suspended or deleted user's session fails at the next request (and is
 * revoked). A session ended by a suspension answers 401 ACCOUNT_SUSPENDED rather than UNAUTHENTICATED, so the client
 * can say why on /auth (REQ-AUTH-14).
 */
import { createHash, randomUUID } from 'node:crypto';
import { getSessionCookie } from 'better-auth/cookies';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Me } from '@abode/shared/auth/me.schema';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { TWO_FACTOR_MESSAGES, twoFactorRequired } from '@abode/shared/auth/two-factor';
import { admins, sessions, twoFactorPolicy, users, verifications } from '#src/db/schema.ts';
import { isDemoSignIn } from '#src/db/seed/demo-accounts.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import { AppError } from '#src/errors/app-error.ts';

/** The signed-in user of a request: the `GET /api/me` shape. */
export type Viewer = Me;

type Session = Awaited<ReturnType<AppEnv['Variables']['auth']['api']['getSession']>>;
const sessionsByRequest = new WeakMap<Request, Promise<Session>>();

/**
 * better-auth's session of this request, looked up once per request (the rate limiters and the guards both need it):
 * no database call at all when the request carries no session cookie.
 */
export function requestSession(c: Context<AppEnv>): Promise<Session> {
  let session = sessionsByRequest.get(c.req.raw);
  if (!session) {
    session = getSessionCookie(c.req.raw.headers)
      ? c.var.auth.api.getSession({ headers: c.req.raw.headers })
      : Promise.resolve(null);
    sessionsByRequest.set(c.req.raw, session);
  }
  return session;
}

/** The signed-in user of this request, or null. Revokes the sessions of a suspended or deleted user. */
export async function loadViewer(c: Context<AppEnv>): Promise<Viewer | null> {
  const session = await requestSession(c);
  if (!session) return null;
  const db = c.var.db;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      phone: users.phone,
      isVerified: users.isVerified,
      isSuspended: users.isSuspended,
      isDeleted: users.isDeleted,
      twoFactorEnabled: users.twoFactorEnabled,
      adminRole: admins.adminRole,
      requireForAdmins: twoFactorPolicy.requireForAdmins,
      requireForAgencyManagers: twoFactorPolicy.requireForAgencyManagers,
    })
    .from(users)
    .leftJoin(admins, eq(admins.userId, users.id))
    .leftJoin(twoFactorPolicy, eq(twoFactorPolicy.id, 1))
    .where(eq(users.id, session.user.id));
  if (!row || row.isSuspended || row.isDeleted) {
    if (row?.isSuspended) await endSessionsOfSuspendedUser(db, row.id);
    else if (row) await db.delete(sessions).where(eq(sessions.userId, row.id));
    return null;
  }
  // Only agents belong to agencies; a client's request costs no second query.
  const agency = row.role === 'agent' ? await loadMembership(db, row.id) : null;
  const demo = isDemoSignIn(row.email);
  return {
    user: {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role === 'agent' ? 'agent' : 'client',
      phone: row.phone,
      isVerified: row.isVerified,
    },
    isAdmin: row.adminRole !== null,
    adminRole: row.adminRole,
    agentId: agency?.defaultBranchId ?? null,
    agency,
    twoFactor: {
      enabled: row.twoFactorEnabled,
      demo,
      required: twoFactorRequired({
        adminRole: row.adminRole,
        agencyRole: agency?.role ?? null,
        policy: {
          requireForAdmins: row.requireForAdmins ?? false,
          requireForAgencyManagers: row.requireForAgencyManagers ?? false,
        },
        demo,
      }),
    },
  };
}

/**
 * ADR 031: a user the policy requires to use two-factor sign-in who has not set it up. They reach nothing but `GET
 * /api/me` (which tells the web app to lead them to the setup) and the auth routes that set it up, until they do.
 */
const mustSetUpTwoFactor = (viewer: Viewer) => viewer.twoFactor.required && !viewer.twoFactor.enabled;

/**
 * The signed-in user of this request when they meet the two-factor policy, else null: for routes open to everyone
 * that show more to some (a listing's preview), so an unfinished two-factor setup previews nothing.
 */
export async function loadPermittedViewer(c: Context<AppEnv>): Promise<Viewer | null> {
  const viewer = await loadViewer(c);
  return viewer && !mustSetUpTwoFactor(viewer) ? viewer : null;
}

/** The viewer of a signed-in request that passes the two-factor policy, else the 401 or 403 to answer. */
async function signedInViewer(c: Context<AppEnv>): Promise<Viewer> {
  const viewer = await loadViewer(c);
  if (!viewer) throw await signedOutError(c);
  if (mustSetUpTwoFactor(viewer))
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_MESSAGES.setupRequired);
  return viewer;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The `verifications` row that remembers a session ended by suspension: keyed by a hash of its token, never the token. */
const endedSessionIdentifier = (token: string) =>
  `ended-session:${createHash('sha256').update(token).digest('base64url')}`;

/**
 * Deletes every session of user `userId`, who is being (or has been) suspended, leaving a note per session (until it
 * would have expired) so that its next request is told why it ended (REQ-AUTH-13). The note names the user, so it only
 * speaks while they are still suspended. Run inside the suspension's transaction.
 */
export async function endSessionsOfSuspendedUser(db: Database | Transaction, userId: string): Promise<void> {
  const ended = await db
    .select({ token: sessions.token, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  if (ended.length === 0) return;
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.insert(verifications).values(
    ended.map((s) => ({
      id: randomUUID(),
      identifier: endedSessionIdentifier(s.token),
      value: userId,
      expiresAt: s.expiresAt,
    })),
  );
}

/**
 * The 401 for a request without a live session: ACCOUNT_SUSPENDED (REQ-AUTH-14 text) when its session cookie belonged to
 * a session ended by a suspension that still holds, else UNAUTHENTICATED. The cookie is `token.signature`; an unknown
 * or forged token simply finds no note.
 */
async function signedOutError(c: Context<AppEnv>): Promise<AppError> {
  const token = getSessionCookie(c.req.raw.headers)?.split('.')[0];
  if (token) {
    const [note] = await c.var.db
      .select({ userId: users.id })
      .from(verifications)
      .innerJoin(users, eq(users.id, verifications.value))
      .where(
        and(
          eq(verifications.identifier, endedSessionIdentifier(token)),
          // The session's own expiry, which better-auth judges by the real clock.
          gt(verifications.expiresAt, sql`now()`),
          eq(users.isSuspended, true),
        ),
      );
    if (note) return new AppError('ACCOUNT_SUSPENDED', AUTH_MESSAGES.accountSuspended);
  }
  return new AppError('UNAUTHENTICATED', MESSAGES.authentication);
}

const forbidden = () => new AppError('FORBIDDEN', MESSAGES.authorization);

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('viewer', await signedInViewer(c));
  await next();
};

/**
 * Signed in, whether or not the two-factor policy is met yet: only `GET /api/me`, which is how the web app learns it
 * must lead the user to the two-factor setup (ADR 031).
 */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = await loadViewer(c);
  if (!viewer) throw await signedOutError(c);
  c.set('viewer', viewer);
  await next();
};

/**
 * Role agent, with or without an agents row: 401 signed out, 403 any other role. Alone, only in front of the route
 * that creates a missing agents row (POST /api/agent/profile); every other agent route adds {@link requireAgentProfile}.
 */
export const requireAgentUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = await signedInViewer(c);
  if (viewer.user.role !== 'agent') throw forbidden();
  c.set('viewer', viewer);
  await next();
};

/**
 * After {@link requireAgentUser}: the caller's agency membership and so the branches they work in (REQ-SITE-02: agents
 * act only on their own branch's records; ADR 029), else 404 'Agent profile not found' (REQ-AGENT-02), which the agent portal answers with a way to
 * create it (REQ-AGENT-02) — a 403 would say the agent may not be there at all.
 */
export const requireAgentProfile: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.viewer.agency) throw AppError.notFound(MESSAGES.agentProfileNotFound);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = await signedInViewer(c);
  if (!viewer.isAdmin) throw forbidden();
  c.set('viewer', viewer);
  await next();
};
