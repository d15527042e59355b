/**
 * Listing feed keys at the door (REQ-FEED-01, ADR 030): the Bearer key of an RTDF or BLM call becomes the membership
 * the call writes with. A key acts as its creator would at the time of the call (their role and branches), so
 * everything downstream authorises it per record with the same `authorise` as the agent portal. Refused:
 * - 401 UNAUTHENTICATED when the key is missing, unknown or revoked, or its creator has left the agency or been
 *   suspended (FEED_KEY_MESSAGES.keyInvalid);
 * - 403 FORBIDDEN when the agency is suspended or not verified for publishing (LISTING_MESSAGES' texts);
 * - 429 RATE_LIMITED over FEED_RATE_LIMIT calls a minute per key.
 * Every call is audited (`feed_call`, with its method, path, status and the RTDF `network_id` it named), refused ones
 * too: a missing or wrong key under the shown prefix of what was sent, never the secret.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { can } from '@abode/shared/agency/permissions';
import { LISTING_MESSAGES } from '@abode/shared/agent/listing-input.schema';
import { FEED_KEY_MESSAGES, FEED_KEY_PREFIX } from '@abode/shared/feeds/feed-keys.schema';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { auditLogs, feedKeys, users } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { loadMembership } from '#src/features/agency/membership.ts';
import { checkRateLimit } from '#src/features/rate-limit/check-rate-limit.ts';
import { rateLimitError, setRateLimitHeaders } from '#src/features/rate-limit/rate-limit-error.ts';
import { clientIp } from '#src/lib/client-ip.ts';

/** Calls a minute one key may make: a CRM re-sending a whole branch of a few hundred listings stays under it. */
export const FEED_RATE_LIMIT = { limit: 600, windowMs: 60_000 } as const;

/** `last_used_at` is written at most this often per key, not on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The key behind a feed call, and the membership it writes with. */
export interface FeedCaller {
  keyId: string;
  keyName: string;
  agencyId: string;
  /** The key's own branch (rows of a BLM file whose branch code is not mapped go here). */
  branchId: string;
  /** Whether a BLM file withdraws its branches' listings that it no longer holds. */
  withdrawAbsent: boolean;
  /** The key creator's membership now: the branches the key may write and the role it writes with. */
  scope: AgentScope;
  createdByUserId: string;
}

/**
 * The route variables a feed route has after {@link feedKeyAuth}; an RTDF route sets `feedNetworkId` to the
 * request's `network.network_id`, which the call's audit row records.
 */
export type FeedEnv = AppEnv & { Variables: { feedCaller: FeedCaller; feedNetworkId?: number | null } };

/** The SHA-256 (hex) kept for a key's secret. */
export function hashFeedKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new secret ('abode_feed_' and 43 base64url characters: 256 random bits) and the prefix listed for it. */
export function newFeedKeySecret(): { secret: string; prefix: string } {
  const secret = `${FEED_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, FEED_KEY_PREFIX.length + 6) };
}

const invalidKey = () => new AppError('UNAUTHENTICATED', FEED_KEY_MESSAGES.keyInvalid);

/**
 * The caller of `authorization` (`Bearer <key>`), or throws: 401 for a missing, unknown or revoked key or one whose
 * creator no longer manages feeds in its agency; 403 when the agency may not publish (suspended, not verified).
 */
export async function authenticateFeedKey(
  db: Database,
  authorization: string | undefined,
): Promise<FeedCaller> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]?.startsWith(FEED_KEY_PREFIX)) throw invalidKey();
  const [key] = await db
    .select({
      id: feedKeys.id,
      name: feedKeys.name,
      agencyId: feedKeys.agencyId,
      branchId: feedKeys.branchId,
      withdrawAbsent: feedKeys.withdrawAbsent,
      createdByUserId: feedKeys.createdByUserId,
      creatorSuspended: users.isSuspended,
    })
    .from(feedKeys)
    .leftJoin(users, eq(users.id, feedKeys.createdByUserId))
    .where(and(eq(feedKeys.keyHash, hashFeedKey(match[1])), isNull(feedKeys.revokedAt)));
  if (!key?.createdByUserId || key.creatorSuspended) throw invalidKey();
  const scope = await loadMembership(db, key.createdByUserId);
  if (!scope || scope.agencyId !== key.agencyId || !can(scope, 'feeds.manage')) throw invalidKey();
  if (scope.standing === 'suspended') throw new AppError('FORBIDDEN', LISTING_MESSAGES.agencySuspended);
  if (scope.standing !== 'verified') throw new AppError('FORBIDDEN', LISTING_MESSAGES.agencyNotVerified);
  return {
    keyId: key.id,
    keyName: key.name,
    agencyId: key.agencyId,
    branchId: key.branchId,
    withdrawAbsent: key.withdrawAbsent,
    scope,
    createdByUserId: key.createdByUserId,
  };
}

/**
 * The feed routes' guard: authenticates the Bearer key ({@link authenticateFeedKey}), applies the per-key rate
 * limit, notes the key's last use, and audits the call once it is answered (its status included). Sets
 * `feedCaller`.
 */
export const feedKeyAuth: MiddlewareHandler<FeedEnv> = async (c, next) => {
  const db = c.var.db;
  const now = c.var.now();
  let caller: FeedCaller | undefined;
  let status = 500;
  try {
    caller = await authenticateFeedKey(db, c.req.header('authorization'));
    const limit = await checkRateLimit(db, {
      key: `feedkey:${caller.keyId}`,
      action: 'feed',
      ...FEED_RATE_LIMIT,
      now,
    });
    setRateLimitHeaders(c, limit);
    if (!limit.allowed) throw rateLimitError(limit);
    await db
      .update(feedKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(feedKeys.id, caller.keyId),
          or(
            isNull(feedKeys.lastUsedAt),
            lt(feedKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
    c.set('feedCaller', caller);
    await next();
    status = c.res.status;
  } catch (error) {
    if (error instanceof AppError) status = error.status;
    throw error;
  } finally {
    await db
      .insert(auditLogs)
      .values({
        entityType: 'feed_key',
        entityId: caller?.keyId ?? `unknown:${sentKeyPrefix(c.req.header('authorization'))}`,
        action: 'feed_call',
        afterData: {
          method: c.req.method,
          path: c.req.path,
          status,
          keyName: caller?.keyName ?? null,
          agencyId: caller?.agencyId ?? null,
          networkId: c.get('feedNetworkId') ?? null,
          timestamp: now.toISOString(),
        },
        userId: caller?.createdByUserId ?? null,
        ipAddress: clientIp(c),
        userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
      })
      .catch((error: unknown) => c.var.logger.error({ err: error }, 'feed: the call could not be audited'));
  }
};

/**
 * What an audit row may show of a refused call's key: the listed prefix's length of what was sent after `Bearer `
 * (as Settings › Listing feeds lists keys), letters, digits, '_' and '-' only; '' when nothing was sent.
 */
function sentKeyPrefix(authorization: string | undefined): string {
  const sent = /^Bearer\s+(\S+)/i.exec(authorization ?? '')?.[1] ?? '';
  return sent.slice(0, FEED_KEY_PREFIX.length + 6).replace(/[^\w-]/g, '');
}
