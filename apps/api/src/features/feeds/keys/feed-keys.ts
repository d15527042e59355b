/**
 * Feed keys as an agency manages them (ADR 030, Settings › Listing feeds): create, list, change and revoke. A key
 * belongs to a branch; a member manages the keys of the branches where `can(scope, 'feeds.manage', branch)` (the
 * owner: all; a branch manager: theirs). Only the SHA-256 of a secret is stored; the secret is answered once, when
 * made. Every change is audited with the transaction that makes it, as the team's changes are.
 */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { can } from '@abode/shared/agency/permissions';
import {
  FEED_KEY_MESSAGES,
  FEED_KEYS_PER_AGENCY_MAX,
  type CreatedFeedKey,
  type CreateFeedKeyInput,
  type FeedKey,
  type FeedKeyList,
  type UpdateFeedKeyInput,
} from '@abode/shared/feeds/feed-keys.schema';
import { agencies, agents, feedKeys, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { authorise, type AgentScope } from '#src/features/agency/authorise.ts';
import { branchLabel, branchLabelColumns, personName } from '#src/features/agency/team/get-team.ts';
import { recordTeamAction, type TeamContext, type Tx } from '#src/features/agency/team/team-context.ts';
import { hashFeedKey, newFeedKeySecret } from './feed-key-auth.ts';
import { resolveFeedBranch } from './feed-branch-ref.ts';

type Reader = Pick<TeamContext['db'], 'select'>;

/** The columns a listed key is read with: the key, its branch and its creator. */
const keyColumns = {
  id: feedKeys.id,
  name: feedKeys.name,
  keyPrefix: feedKeys.keyPrefix,
  branchUuid: feedKeys.branchId,
  feedBranchId: agents.feedBranchId,
  branchName: agents.branchName,
  agencyName: agents.agencyName,
  agentName: agents.name,
  withdrawAbsent: feedKeys.withdrawAbsent,
  createdAt: feedKeys.createdAt,
  lastUsedAt: feedKeys.lastUsedAt,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  creatorName: users.name,
};

function toFeedKey(row: KeyRow): FeedKey {
  const creator =
    row.creatorName === null
      ? null
      : personName({ firstName: row.creatorFirstName, lastName: row.creatorLastName, name: row.creatorName });
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.keyPrefix,
    branchId: row.feedBranchId,
    branchUuid: row.branchUuid,
    branchName: branchLabel({ branchName: row.branchName, agencyName: row.agencyName, name: row.agentName }),
    withdrawAbsent: row.withdrawAbsent,
    createdAt: row.createdAt.toISOString(),
    createdBy: creator || null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

function selectKeys(db: Reader) {
  return db
    .select(keyColumns)
    .from(feedKeys)
    .innerJoin(agents, eq(agents.id, feedKeys.branchId))
    .leftJoin(users, eq(users.id, feedKeys.createdByUserId));
}

type KeyRow = Awaited<ReturnType<typeof selectKeys>>[number];

/** The branches `scope` manages feeds for (an owner: every branch), in the membership's order. */
export function managedBranchIds(scope: AgentScope): string[] {
  return scope.branchIds.filter((branchId) => can(scope, 'feeds.manage', { branchId }));
}

/**
 * The active keys of the branches `scope` manages, newest first, with each creator's name and last use, and those
 * branches with their feed ids (what a CRM sends as RTDF's `branch.branch_id`).
 */
export async function listFeedKeys(db: Reader, scope: AgentScope): Promise<FeedKeyList> {
  const branchIds = managedBranchIds(scope);
  if (branchIds.length === 0) return { items: [], branches: [] };
  const rows = await selectKeys(db)
    .where(
      and(
        eq(feedKeys.agencyId, scope.agencyId),
        inArray(feedKeys.branchId, branchIds),
        isNull(feedKeys.revokedAt),
      ),
    )
    .orderBy(desc(feedKeys.createdAt), desc(feedKeys.id));
  const branches = await db
    .select({ id: agents.id, ...branchLabelColumns, feedBranchId: agents.feedBranchId })
    .from(agents)
    .where(and(eq(agents.agencyId, scope.agencyId), inArray(agents.id, branchIds)));
  const order = new Map(branchIds.map((id, i) => [id, i]));
  branches.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return {
    items: rows.map(toFeedKey),
    branches: branches.map((b) => ({ id: b.id, name: branchLabel(b), feedBranchId: b.feedBranchId })),
  };
}

/** Key `id` as listed (revoked or not). */
async function readKey(db: Reader, id: string): Promise<FeedKey> {
  const [row] = await selectKeys(db).where(eq(feedKeys.id, id));
  return toFeedKey(row!);
}

/**
 * A new key for `input.branchId` (a uuid or feed id; default: the member's default branch), named `input.name`,
 * withdrawing absent listings from full BLM files unless `withdrawAbsent` is false. Returns it with its secret `key`,
 * the only time the secret is seen. Throws 404 / 403 for a branch the member may not manage feeds in
 * ({@link resolveFeedBranch}) and 409 FEED_KEY_MESSAGES.tooMany at FEED_KEYS_PER_AGENCY_MAX active keys. Audited as
 * feed_key_create.
 */
export async function createFeedKey(
  ctx: TeamContext,
  scope: AgentScope,
  input: CreateFeedKeyInput,
): Promise<CreatedFeedKey> {
  const branchId = await resolveFeedBranch(ctx.db, scope, input.branchId ?? scope.defaultBranchId);
  const { secret, prefix } = newFeedKeySecret();
  const id = await ctx.db.transaction(async (tx) => {
    // One key at a time per agency, so two creations at once cannot both pass the limit.
    await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, scope.agencyId)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(feedKeys)
      .where(and(eq(feedKeys.agencyId, scope.agencyId), isNull(feedKeys.revokedAt)));
    if ((active?.n ?? 0) >= FEED_KEYS_PER_AGENCY_MAX)
      throw new AppError('CONFLICT', FEED_KEY_MESSAGES.tooMany);
    const [row] = await tx
      .insert(feedKeys)
      .values({
        agencyId: scope.agencyId,
        branchId,
        createdByUserId: scope.userId,
        name: input.name,
        keyHash: hashFeedKey(secret),
        keyPrefix: prefix,
        withdrawAbsent: input.withdrawAbsent ?? true,
        createdAt: ctx.now,
      })
      .returning();
    await audit(tx, ctx, scope, row!.id, 'feed_key_create', null, {
      name: input.name,
      branchId,
      keyPrefix: prefix,
      withdrawAbsent: input.withdrawAbsent ?? true,
    });
    return row!.id;
  });
  return { ...(await readKey(ctx.db, id)), key: secret };
}

/**
 * Active key `id` of `scope`'s agency, locked, once `scope` may manage feeds in its branch: 404
 * FEED_KEY_MESSAGES.keyNotFound for a revoked key, another agency's or another branch's, 403 when their role may not.
 */
async function lockKey(tx: Tx, scope: AgentScope, id: string) {
  const [key] = await tx
    .select()
    .from(feedKeys)
    .where(and(eq(feedKeys.id, id), eq(feedKeys.agencyId, scope.agencyId), isNull(feedKeys.revokedAt)))
    .for('update');
  authorise(scope, 'feeds.manage', { branchId: key?.branchId ?? '' }, FEED_KEY_MESSAGES.keyNotFound);
  return key!;
}

/** Renames key `id` or turns withdrawing absent listings on or off; returns it as listed. Audited as feed_key_change. */
export async function updateFeedKey(
  ctx: TeamContext,
  scope: AgentScope,
  id: string,
  input: UpdateFeedKeyInput,
): Promise<FeedKey> {
  await ctx.db.transaction(async (tx) => {
    const key = await lockKey(tx, scope, id);
    const changes = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.withdrawAbsent === undefined ? {} : { withdrawAbsent: input.withdrawAbsent }),
    };
    if (Object.keys(changes).length === 0) return;
    await tx.update(feedKeys).set(changes).where(eq(feedKeys.id, id));
    await audit(
      tx,
      ctx,
      scope,
      id,
      'feed_key_change',
      { name: key.name, withdrawAbsent: key.withdrawAbsent },
      changes,
    );
  });
  return readKey(ctx.db, id);
}

/**
 * Revokes key `id`: `revoked_at` is set, and the key guard refuses it (401) from its very next call. The row stays
 * for the audit trail and the imports that name it. Audited as feed_key_revoke.
 */
export async function revokeFeedKey(ctx: TeamContext, scope: AgentScope, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const key = await lockKey(tx, scope, id);
    await tx.update(feedKeys).set({ revokedAt: ctx.now }).where(eq(feedKeys.id, id));
    await audit(tx, ctx, scope, id, 'feed_key_revoke', { name: key.name, keyPrefix: key.keyPrefix }, null);
  });
}

/**
 * Revokes, with the removal that calls it (`tx`), the keys that user `userId` created in agency `agencyId`: a key
 * acts as its creator, so it would be refused anyway; revoking says so in the list. Returns how many.
 */
export async function revokeFeedKeysOf(tx: Tx, agencyId: string, userId: string, now: Date): Promise<number> {
  const revoked = await tx
    .update(feedKeys)
    .set({ revokedAt: now })
    .where(
      and(eq(feedKeys.agencyId, agencyId), eq(feedKeys.createdByUserId, userId), isNull(feedKeys.revokedAt)),
    )
    .returning();
  return revoked.length;
}

function audit(
  tx: Tx,
  ctx: TeamContext,
  scope: AgentScope,
  keyId: string,
  action: 'feed_key_create' | 'feed_key_change' | 'feed_key_revoke',
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  const name = String(after?.name ?? before?.name ?? '');
  const description = {
    feed_key_create: `Created the feed key “${name}”`,
    feed_key_change: `Changed the feed key “${String(before?.name ?? '')}”`,
    feed_key_revoke: `Revoked the feed key “${name}”`,
  }[action];
  return recordTeamAction(tx, ctx, scope.userId, {
    action,
    entityType: 'feed_key',
    entityId: keyId,
    agencyId: scope.agencyId,
    before,
    after,
    description,
    severity: action === 'feed_key_change' ? 'medium' : 'high',
  });
}
