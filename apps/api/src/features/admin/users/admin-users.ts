/**
 * Admin users (REQ-ADMIN-04, REQ-AUTH-14 user active/suspended, REQ-AUTH-14 "users (admin)" and "Update users"; REQ-ADMIN): the
 * non-deleted users newest first with search, role filter and pages; suspend (super admins only) and reactivate (any
 * admin), each audited in the same transaction as the change.
 */
import { and, count, desc, eq, ilike, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  type AdminUserList,
  type AdminUserQuery,
} from '@abode/shared/admin/users.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { admins, sessions, twoFactors, users, verifications } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { agencyIdOfUser, syncAgencyListingsWithdrawn } from '#src/features/agency/listing-withdrawal.ts';
import { twoFactorResetEmail } from '#src/emails/account.tsx';
import { sendMail } from '#src/lib/mail.ts';
import { reactivateAccount, suspendAccount } from './account-suspension.ts';
import type { AdminContext } from '../admin-context.ts';

type Reader = Pick<Database, 'select'>;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** `%`, `_` and `\` typed by the admin are literal characters, not LIKE wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  phone: users.phone,
  isVerified: users.isVerified,
  isSuspended: users.isSuspended,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
  adminRole: admins.adminRole,
  twoFactorEnabled: users.twoFactorEnabled,
};

type Row = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: string;
  phone: string | null;
  isVerified: boolean;
  isSuspended: boolean;
  suspendedAt: Date | null;
  createdAt: Date;
  adminRole: string | null;
  twoFactorEnabled: boolean;
};

function toAdminUser(r: Row): AdminUser {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    role: r.role === 'agent' ? 'agent' : 'client',
    phone: r.phone,
    isVerified: r.isVerified,
    isSuspended: r.isSuspended,
    suspendedAt: r.suspendedAt ? r.suspendedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    adminRole: r.adminRole,
    twoFactorEnabled: r.twoFactorEnabled,
  };
}

/**
 * One page of non-deleted users, newest first (ties by id), with the number of matches. `q` matches
 * case-insensitively anywhere in the first name, last name, "first last" or e-mail; role 'admin' means an admins row.
 */
export async function findAdminUsers(db: Reader, query: AdminUserQuery): Promise<AdminUserList> {
  const filters: SQL[] = [eq(users.isDeleted, false)];
  if (query.q) {
    const p = likePattern(query.q);
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    filters.push(
      or(
        ilike(users.firstName, p),
        ilike(users.lastName, p),
        ilike(fullName, p),
        ilike(users.email, p),
      ) as SQL,
    );
  }
  if (query.role === 'admin') filters.push(isNotNull(admins.userId));
  else if (query.role !== 'all') filters.push(eq(users.role, query.role));
  const where = and(...filters);

  const [rows, totals] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(admins, eq(admins.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).leftJoin(admins, eq(admins.userId, users.id)).where(where),
  ]);
  return {
    items: rows.map(toAdminUser),
    total: Number(totals[0]?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The non-deleted user `id`, locked for update inside `tx`; 404 when unknown or deleted. */
async function lockUser(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx
    .select(columns)
    .from(users)
    .leftJoin(admins, eq(admins.userId, users.id))
    .where(and(eq(users.id, id), eq(users.isDeleted, false)))
    .for('update', { of: users });
  if (!row) throw AppError.notFound(ADMIN_USER_MESSAGES.userNotFound);
  return row;
}

/** Withdraws or restores the listings of the agency user `userId` belongs to, if any (ADR 029). */
async function setListingsWithdrawn(tx: Tx, userId: string): Promise<void> {
  const agencyId = await agencyIdOfUser(tx, userId);
  if (agencyId) await syncAgencyListingsWithdrawn(tx, agencyId);
}

const facts = (r: Row) => ({
  isSuspended: r.isSuspended,
  suspendedAt: r.suspendedAt ? r.suspendedAt.toISOString() : null,
});

/**
 * Suspends user `id` (REQ-AUTH-14): sets is_suspended and suspended_at, deletes all their sessions (they are signed out
 * at once), withdraws an agent's listings from public view (REQ-AUTH-14) and writes the `suspend_user` audit row, in
 * one transaction. Rules: only a super admin (403); never
 * yourself (400); never a super admin (403). Suspending an already suspended user changes nothing and writes no
 * audit row (idempotent 200). Unknown or deleted id → 404.
 */
export async function suspendUser(ctx: AdminContext, id: string): Promise<AdminUser> {
  const viewer = ctx.admin;
  if (viewer.adminRole !== 'super_admin') throw new AppError('FORBIDDEN', MESSAGES.authorization);
  if (id === viewer.userId) throw new AppError('VALIDATION_ERROR', ADMIN_USER_MESSAGES.cannotSuspendSelf);
  return ctx.db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (before.adminRole === 'super_admin')
      throw new AppError('FORBIDDEN', ADMIN_USER_MESSAGES.cannotSuspendSuperAdmin);
    if (before.isSuspended) return toAdminUser(before);
    const now = ctx.now;
    // Their sessions end now, each leaving a note so its next request is told why (REQ-AUTH-13).
    await suspendAccount(tx, id, now);
    // Their agency's listings leave public view if no one else of it is still active (ADR 025, ADR 029).
    await setListingsWithdrawn(tx, id);
    const after = { ...before, isSuspended: true, suspendedAt: now };
    await ctx.audit(tx, {
      action: 'suspend_user',
      entityType: 'user',
      entityId: id,
      before: facts(before),
      after: facts(after),
      description: `Suspended user ${before.email}`,
      severity: 'high',
    });
    return toAdminUser(after);
  });
}

/**
 * Reactivates user `id` (REQ-AUTH-14, any admin): clears is_suspended and suspended_at, puts an agent's listings back in
 * public view (REQ-AUTH-14) and writes the `reactivate_user` audit row in one transaction. A user who is not suspended is returned unchanged with no audit row (idempotent
 * 200). Unknown or deleted id → 404.
 */
export async function reactivateUser(ctx: AdminContext, id: string): Promise<AdminUser> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (!before.isSuspended) return toAdminUser(before);
    await reactivateAccount(tx, id, ctx.now);
    await setListingsWithdrawn(tx, id);
    const after = { ...before, isSuspended: false, suspendedAt: null };
    await ctx.audit(tx, {
      action: 'reactivate_user',
      entityType: 'user',
      entityId: id,
      before: facts(before),
      after: facts(after),
      description: `Reactivated user ${before.email}`,
    });
    return toAdminUser(after);
  });
}

/**
 * Resets user `id`'s two-factor sign-in (ADR 031; super admins only, 403 otherwise): for someone who lost both their
 * device and their backup codes. Deletes their secret and backup codes, forgets their trusted devices, ends their
 * sessions, e-mails them and writes the `reset_two_factor` audit row, in one transaction. Never your own (400: that is
 * turned off with a code in Settings); 400 when they do not use it; unknown or deleted id → 404.
 */
export async function resetTwoFactor(ctx: AdminContext, id: string): Promise<AdminUser> {
  const viewer = ctx.admin;
  if (viewer.adminRole !== 'super_admin') throw new AppError('FORBIDDEN', MESSAGES.authorization);
  if (id === viewer.userId)
    throw new AppError('VALIDATION_ERROR', ADMIN_USER_MESSAGES.cannotResetOwnTwoFactor);
  return ctx.db.transaction(async (tx) => {
    const before = await lockUser(tx, id);
    if (!before.twoFactorEnabled) throw new AppError('VALIDATION_ERROR', ADMIN_USER_MESSAGES.twoFactorNotOn);
    await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
    // better-auth keeps a trusted device as a verification whose value is the user id.
    await tx
      .delete(verifications)
      .where(and(eq(verifications.value, id), like(verifications.identifier, 'trust-device-%')));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.update(users).set({ twoFactorEnabled: false, updatedAt: ctx.now }).where(eq(users.id, id));
    const after = { ...before, twoFactorEnabled: false };
    await ctx.audit(tx, {
      action: 'reset_two_factor',
      entityType: 'user',
      entityId: id,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
      description: `Reset two-factor sign-in of ${before.email}`,
      severity: 'high',
    });
    await sendMail(tx as unknown as Database, twoFactorResetEmail(before.email, ctx.publicUrl), ctx.mail);
    return toAdminUser(after);
  });
}
