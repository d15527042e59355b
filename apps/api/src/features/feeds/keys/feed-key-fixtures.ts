/**
 * Test fixtures for listing feeds (REQ-FEED-01): a feed key for a member, written as the keys route writes it, and
 * its Bearer header.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#src/db/client.ts';
import { feedKeys } from '#src/db/schema.ts';
import { hashFeedKey, newFeedKeySecret } from './feed-key-auth.ts';

/** A key made by user `userId` (an owner or branch manager) for branch `branchId`; returns its id and secret. */
export async function createFeedKeyFor(
  db: Database,
  {
    userId,
    agencyId,
    branchId,
    name = 'CRM',
    withdrawAbsent = true,
  }: { userId: string; agencyId: string; branchId: string; name?: string; withdrawAbsent?: boolean },
): Promise<{ id: string; secret: string; authorization: string }> {
  const { secret, prefix } = newFeedKeySecret();
  const id = randomUUID();
  await db.insert(feedKeys).values({
    id,
    agencyId,
    branchId,
    createdByUserId: userId,
    name,
    keyHash: hashFeedKey(secret),
    keyPrefix: prefix,
    withdrawAbsent,
  });
  return { id, secret, authorization: `Bearer ${secret}` };
}
