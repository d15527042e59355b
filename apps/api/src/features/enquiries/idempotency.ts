/**
 * `Idempotency-Key` for `POST /api/enquiries` (REQ-ENQ-03): a client that lost the answer to its request (a dropped
 * connection, a proxy timeout) sends it again with the same key and gets the first answer, not a second enquiry.
 *
 * - Scope: the signed-in user (`u:<id>`), else `anonymous`. The key is the client's own random value (the SPA sends
 *   a UUID), and the client address is not part of the scope because the retries this is for often come from a new
 *   one (Wi-Fi to mobile data). What a replay reveals is only the enquiry's id, status and time.
 * - The key is claimed in the transaction that creates the enquiry, with the SHA-256 of the validated request; the
 *   answer (status and body) is stored in the same transaction. A second request with the key waits on the claim
 *   (primary key), then replays the stored answer, so concurrent retries make exactly one enquiry. A refused
 *   request (400, 404, 429) stores nothing, so its retry is judged afresh.
 * - The same key with a different request is refused (409 CONFLICT, {@link ENQUIRY_MESSAGES.idempotencyKeyReused}).
 * - Keys live {@link IDEMPOTENCY_TTL_MS}; an older row is claimed afresh, and the scheduler's purge deletes them.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import {
  ENQUIRY_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyKeySchema,
  type CreateEnquiry,
  type EnquiryCreated,
} from '@abode/shared/enquiries/enquiry.schema';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { AppError } from '#src/errors/app-error.ts';

/** How long a key answers with its first answer, in ms (24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;

/** A database or an open transaction. */
type Executor = Pick<Database, 'execute'>;

/** One request's claim on a key. */
export interface IdempotencyClaim {
  scope: string;
  key: string;
  /** {@link enquiryRequestHash} of the request. */
  requestHash: string;
}

/** The answer stored for a key, with the hash of the request that got it. */
export interface StoredAnswer {
  requestHash: string;
  status: number;
  body: unknown;
}

/** The scope of a caller's keys: their user id, or one scope for everyone signed out. */
export function idempotencyScope(userId: string | null): string {
  return userId ? `u:${userId}` : 'anonymous';
}

/**
 * SHA-256 (hex) of the validated request, so a retry with the same data matches whatever its JSON spacing. The
 * viewing times and position join the hash only when given, so a request without them hashes as it always did.
 */
export function enquiryRequestHash(input: CreateEnquiry): string {
  const fields: unknown[] = [input.propertyId, input.name, input.email, input.phone ?? null, input.message];
  if (input.viewingTimes || input.buyerPosition)
    fields.push(input.viewingTimes ?? null, input.buyerPosition ?? null);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The request's Idempotency-Key, or undefined without one.
 * @throws AppError VALIDATION_ERROR (400) when the header is not 8 to 128 printable ASCII characters.
 */
export function readIdempotencyKey(c: Context<AppEnv>): string | undefined {
  const value = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (value === undefined) return undefined;
  if (!IdempotencyKeySchema.safeParse(value).success)
    throw AppError.validation([
      { path: IDEMPOTENCY_KEY_HEADER, message: ENQUIRY_MESSAGES.idempotencyKeyInvalid },
    ]);
  return value;
}

const cutoff = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();

/** A key's row as read back; the answer columns are null while the claiming request is still running. */
interface KeyRow {
  request_hash: string;
  response_status: number | null;
  response_body: unknown;
}

function toStored(row: KeyRow | undefined): StoredAnswer | undefined {
  if (!row || row.response_status === null || row.response_status === undefined) return undefined;
  return { requestHash: row.request_hash, status: row.response_status, body: row.response_body };
}

/** The answer stored for a live key (younger than the TTL at `now`), or undefined. Does not wait on a claim. */
export async function findAnswer(
  db: Executor,
  scope: string,
  key: string,
  now: Date,
): Promise<StoredAnswer | undefined> {
  const row = await queryRow<KeyRow>(
    db,
    sql`
    SELECT request_hash, response_status, response_body FROM enquiry_idempotency_keys
     WHERE scope = ${scope} AND key = ${key} AND created_at > ${cutoff(now)}::timestamptz`,
  );
  return toStored(row);
}

/**
 * Claims the key for this request inside transaction `tx`: resolves undefined when claimed (a new key, or one past
 * its TTL), else the answer an earlier request stored. While another transaction holds the claim, this waits for it
 * to commit (then replays its answer) or roll back (then claims).
 */
export async function claimKey(
  tx: Executor,
  claim: IdempotencyClaim,
  now: Date,
): Promise<StoredAnswer | undefined> {
  const claimed = await tx.execute(sql`
    INSERT INTO enquiry_idempotency_keys AS k (scope, key, request_hash, created_at)
    VALUES (${claim.scope}, ${claim.key}, ${claim.requestHash}, ${now.toISOString()}::timestamptz)
    ON CONFLICT (scope, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, created_at = EXCLUDED.created_at,
           enquiry_id = NULL, response_status = NULL, response_body = NULL
     WHERE k.created_at <= ${cutoff(now)}::timestamptz
    RETURNING 1 AS claimed`);
  if (claimed.rows.length) return undefined;
  const row = await queryRow<KeyRow>(
    tx,
    sql`
    SELECT request_hash, response_status, response_body FROM enquiry_idempotency_keys
     WHERE scope = ${claim.scope} AND key = ${claim.key}`,
  );
  const stored = toStored(row);
  // Unreachable: a committed row always holds its answer (both are written in one transaction).
  if (!stored) throw new Error('idempotency key without an answer');
  return stored;
}

/** Stores the answer of the claiming request, in its transaction. */
export async function storeAnswer(
  tx: Executor,
  claim: IdempotencyClaim,
  answer: { enquiryId: string; status: number; body: unknown },
): Promise<void> {
  await tx.execute(sql`
    UPDATE enquiry_idempotency_keys
       SET enquiry_id = ${answer.enquiryId}, response_status = ${answer.status},
           response_body = ${JSON.stringify(answer.body)}::jsonb
     WHERE scope = ${claim.scope} AND key = ${claim.key}`);
}

/**
 * The stored answer again, with `Idempotent-Replayed: true`.
 * @throws AppError CONFLICT (409) when the stored answer was for a different request.
 */
export function replayAnswer(c: Context<AppEnv>, stored: StoredAnswer, requestHash: string) {
  if (stored.requestHash !== requestHash)
    throw new AppError('CONFLICT', ENQUIRY_MESSAGES.idempotencyKeyReused);
  c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  // Only a created enquiry's answer is ever stored.
  return c.json(stored.body as EnquiryCreated, stored.status as 201);
}

/** Deletes the keys past their TTL at `now`; returns how many went. */
export async function purgeIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const result = await queryRow<{ n: number }>(
    db,
    sql`
    WITH gone AS (
      DELETE FROM enquiry_idempotency_keys WHERE created_at <= ${cutoff(now)}::timestamptz RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return result?.n ?? 0;
}
