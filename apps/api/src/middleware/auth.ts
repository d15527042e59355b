/**
 * Route guards (DESIGN §4, SPEC §6): `requireUser`, `requireAgent` (loads the agent row by user_id),
 * `requireAdmin`, `requireSuperAdmin`. 401 when signed out, 403 for the wrong role, with the SPEC §8 messages.
 * The user row is read on every request, so a suspended or deleted user's session fails at the next request (and is
 * revoked).
 */
import { getSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { MESSAGES } from '@abode/shared/messages';
import type { Me } from '@abode/shared/auth/me.schema';
import type { AppEnv } from '#src/app-env.ts';
import { admins, agents, sessions, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

/** The signed-in user of a request: the `GET /api/me` shape. */
export type Viewer = Me;
export type ViewerUser = Me['user'];

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
      adminRole: admins.adminRole,
      agentId: agents.id,
    })
    .from(users)
    .leftJoin(admins, eq(admins.userId, users.id))
    .leftJoin(agents, eq(agents.userId, users.id))
    .where(eq(users.id, session.user.id));
  if (!row || row.isSuspended || row.isDeleted) {
    if (row) await db.delete(sessions).where(eq(sessions.userId, row.id));
    return null;
  }
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
    agentId: row.agentId,
  };
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', MESSAGES.authentication);
const forbidden = () => new AppError('FORBIDDEN', MESSAGES.authorization);

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = await loadViewer(c);
  if (!viewer) throw unauthenticated();
  c.set('viewer', viewer);
  await next();
};

/** Role agent with an agents row (SPEC §6: agents act only on their own agent record, found by user_id). */
export const requireAgent: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = await loadViewer(c);
  if (!viewer) throw unauthenticated();
  if (viewer.user.role !== 'agent' || !viewer.agentId) throw forbidden();
  c.set('viewer', viewer);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = await loadViewer(c);
  if (!viewer) throw unauthenticated();
  if (!viewer.isAdmin) throw forbidden();
  c.set('viewer', viewer);
  await next();
};

export const requireSuperAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const viewer = await loadViewer(c);
  if (!viewer) throw unauthenticated();
  if (viewer.adminRole !== 'super_admin') throw forbidden();
  c.set('viewer', viewer);
  await next();
};
