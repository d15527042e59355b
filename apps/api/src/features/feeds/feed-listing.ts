/**
 * The one write path of listing feeds (ADR 030). The RTDF and BLM adapters map their own
 * vocabulary to the shared listing input (`ListingFormValues`) and hand it here; this runs the same use cases as the
 * portal's form (insertListing and applyListingUpdate, the row-returning cores of its create and update): the same
 * validation, material information rules, branch authorisation, approval and activity rows. What it adds is what a
 * feed needs:
 * - **Create or update by (branch, CRM reference)**, idempotent under retries: a resend that maps to the same listing
 *   is 'unchanged' (by a hash of the mapped listing), and a create that loses a race to the same reference updates.
 * - **Full replacement.** A feed sends the whole listing: a field it leaves out is cleared (FEED_FIELD_DEFAULTS), so
 *   a typed edit in the portal lasts until the next feed update.
 * - **Photos arrive later.** Media come by URL (feed-media-wishes.ts) and are fetched by a job
 *   (media/feed-media-job.ts), but a listing goes live only with a photo (REQ-LISTING-06). A live status asked for before
 *   the first photo is stored is kept in `feed_pending_status` while the listing stays a draft; the job applies it
 *   (feed-listing-status.ts).
 * - **Withdrawal** (`published: false` here; RTDF removeproperty and a BLM row absent from a full file in
 *   feed-listing-status.ts): the listing goes back to draft with `feed_withdrawn_at` set; a later send publishes it
 *   again.
 * Nothing of a rejected listing is written: errors come back as FeedIssues, with the Abode field in `field` (the
 * adapters translate it to their own field names).
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  ListingInputSchema,
  UpdateListingInputSchema,
  type ListingFormValues,
} from '@abode/shared/agent/listing-input.schema';
import type { ListingStatusValue } from '@abode/shared/listings/listing-vocabulary';
import type { FeedMediaKindValue } from '@abode/shared/feeds/feed-media.schema';
import type { FeedIssue, FeedOutcomeValue } from '@abode/shared/feeds/feed-report.schema';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { properties, propertyPhotos } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { insertListing } from '#src/features/agent/listings/create-agent-listing.ts';
import { applyListingUpdate } from '#src/features/agent/listings/update-agent-listing.ts';
import type { Logger } from '#src/lib/logger.ts';
import type { Storage } from '#src/lib/storage.ts';
import { removeDroppedMedia, syncFeedMedia } from './feed-media-wishes.ts';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who writes through a feed, and with what. */
export interface FeedContext {
  db: Database;
  storage: Storage;
  logger: Logger;
  /** The membership the write acts with: the key creator's (ADR 030), or the member uploading a BLM file. */
  scope: AgentScope;
  /** The feed key of the call; null for a BLM file uploaded in the agent portal. */
  keyId: string | null;
  source: 'rtdf' | 'blm';
  now: Date;
  /** Called after a write queued media to fetch (wakes the media job). */
  mediaQueued?: () => void;
}

export type FeedMediaKind = FeedMediaKindValue;

/** A file the feed gives by URL, in its order within its kind. */
export interface FeedMediaItem {
  kind: FeedMediaKind;
  url: string;
  caption?: string | null;
  /** The CRM's date for the file; a new date fetches it again. */
  updatedAt?: Date | null;
}

/** One listing as an adapter mapped it. */
export interface FeedListing {
  /** The Abode branch (agents.id) the adapter resolved from the feed's branch. */
  branchId: string;
  /** The CRM's reference (RTDF `agent_ref`, BLM `AGENT_REF`). */
  agentRef: string;
  /** False withdraws the listing (RTDF `published`, BLM `PUBLISHED_FLAG`). */
  published: boolean;
  /** The listing in the portal form's vocabulary; `status` is the status the CRM asks for. */
  fields: Omit<ListingFormValues, 'branchId' | 'negotiatorId'>;
  media: FeedMediaItem[];
  /** The CRM's update date, when it sent one. */
  updatedAt?: Date | null;
  /** What the adapter could not map (unknown codes and the like). */
  warnings: FeedIssue[];
}

/** What a feed did to one listing. */
export interface FeedWriteResult {
  outcome: FeedOutcomeValue;
  propertyId: string | null;
  slug: string | null;
  errors: FeedIssue[];
  warnings: FeedIssue[];
}

/**
 * Every optional field of a listing, blank: a feed's listing is spread over these, so a field the CRM no longer
 * sends is cleared rather than kept from before.
 */
export const FEED_FIELD_DEFAULTS = {
  description: '',
  propertySubType: null,
  priceQualifier: null,
  rentFrequency: null,
  bedrooms: 0,
  bathrooms: 0,
  parkingSpaces: 0,
  tenure: null,
  councilTaxBand: null,
  epcRating: null,
  floorAreaSqm: null,
  features: [],
  flags: [],
  availableFrom: null,
  furnished: null,
  keyFeatures: [],
  summary: null,
  rooms: [],
  receptionRooms: 0,
  epcPotentialRating: null,
  leaseYearsRemaining: null,
  groundRentPence: null,
  groundRentReview: null,
  serviceChargePence: null,
  depositPence: null,
  holdingDepositPence: null,
  minimumTermMonths: null,
  letType: null,
  billsIncluded: null,
  petsAllowed: null,
  councilTaxIncluded: null,
  videoTourUrl: null,
  virtualTourUrl: null,
  materialInformation: {},
} satisfies Partial<ListingFormValues>;

/** Stable codes of the issues this module reports (docs/feeds.md). */
export const FEED_ISSUE_CODES = {
  invalidField: 'INVALID_FIELD',
  branchNotAllowed: 'BRANCH_NOT_ALLOWED',
  notAllowed: 'NOT_ALLOWED',
  agencyNotVerified: 'AGENCY_NOT_VERIFIED',
  notFound: 'PROPERTY_NOT_FOUND',
} as const;

/** A write result (helper of this module and feed-listing-status.ts). */
export const result = (
  outcome: FeedOutcomeValue,
  listing: { id: string; slug: string } | null,
  errors: FeedIssue[] = [],
  warnings: FeedIssue[] = [],
): FeedWriteResult => ({
  outcome,
  propertyId: listing?.id ?? null,
  slug: listing?.slug ?? null,
  errors,
  warnings,
});

/** An AppError of the write path as the feed's issues; anything else is rethrown (a 500, not the CRM's fault). */
export function issuesOf(error: unknown): FeedIssue[] {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'VALIDATION_ERROR' && error.details?.length)
    return error.details.map((d) => ({
      code: FEED_ISSUE_CODES.invalidField,
      message: d.message,
      field: d.path,
    }));
  if (error.code === 'NOT_FOUND')
    return [{ code: FEED_ISSUE_CODES.branchNotAllowed, message: 'This key cannot write to that branch' }];
  if (error.code === 'FORBIDDEN') {
    const unverified = /verified|suspended/i.test(error.message);
    return [
      {
        code: unverified ? FEED_ISSUE_CODES.agencyNotVerified : FEED_ISSUE_CODES.notAllowed,
        message: error.message,
      },
    ];
  }
  return [{ code: FEED_ISSUE_CODES.invalidField, message: error.message }];
}

/** The fields as the form would send them, with every field the feed left out cleared. */
function formValues(listing: FeedListing, status: ListingStatusValue): ListingFormValues {
  return { ...FEED_FIELD_DEFAULTS, ...listing.fields, branchId: listing.branchId, status };
}

/** SHA-256 over what the feed sent, as mapped: equal hashes mean a resend that changes nothing. */
function feedHash(listing: FeedListing): string {
  const media = listing.media.map((m) => [m.kind, m.url, m.caption ?? '', m.updatedAt?.toISOString() ?? '']);
  return createHash('sha256')
    .update(
      JSON.stringify([
        listing.branchId,
        listing.published,
        formValues(listing, 'draft'),
        listing.fields.status,
        media,
      ]),
    )
    .digest('hex');
}

export interface StoredFeedListing {
  id: string;
  slug: string;
  status: string;
  feedHash: string | null;
  feedWithdrawnAt: Date | null;
}

/** The live listing of `branchId` with CRM reference `agentRef`, locked for the transaction. */
export async function findFeedListing(
  tx: Tx,
  branchId: string,
  agentRef: string,
): Promise<StoredFeedListing | undefined> {
  const [row] = await tx
    .select({
      id: properties.id,
      slug: properties.slug,
      status: properties.status,
      feedHash: properties.feedHash,
      feedWithdrawnAt: properties.feedWithdrawnAt,
    })
    .from(properties)
    .where(
      and(
        eq(properties.agentId, branchId),
        eq(properties.feedRef, agentRef),
        eq(properties.isDeleted, false),
      ),
    )
    .for('update');
  return row;
}

/** How many photos listing `propertyId` has. */
export async function photoCount(tx: Tx, propertyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId));
  return Number(row?.n ?? 0);
}

/**
 * Creates or updates the listing `listing.agentRef` of branch `listing.branchId`, as described at the top of this
 * module. Never throws for the CRM's faults (invalid fields, a branch the key may not write, an agency not verified
 * for publishing): those come back as a 'rejected' result with errors, and nothing is written.
 */
export async function upsertFeedListing(ctx: FeedContext, listing: FeedListing): Promise<FeedWriteResult> {
  const warnings = [...listing.warnings];
  const wantedStatus = (
    listing.published ? (listing.fields.status ?? 'active') : 'draft'
  ) as ListingStatusValue;
  const checked = ListingInputSchema.safeParse(formValues(listing, wantedStatus));
  if (!checked.success)
    return result(
      'rejected',
      null,
      checked.error.issues.map((i) => ({
        code: FEED_ISSUE_CODES.invalidField,
        message: i.message,
        field: i.path.join('.'),
      })),
      warnings,
    );
  const hash = feedHash(listing);

  const attempt = async (): Promise<
    FeedWriteResult & { dropped?: { photoIds: string[]; mediaIds: string[] }; queued?: boolean }
  > =>
    ctx.db.transaction(async (tx) => {
      const stored = await findFeedListing(tx, listing.branchId, listing.agentRef);
      if (stored && stored.feedHash === hash) return result('unchanged', stored, [], warnings);
      const photos = stored ? await photoCount(tx, stored.id) : 0;
      // A live status waits for the first photo (REQ-LISTING-06); the media job applies it.
      const holdForPhoto = wantedStatus !== 'draft' && photos === 0;
      const writeStatus = holdForPhoto ? 'draft' : wantedStatus;
      const feedColumns = {
        source: ctx.source,
        feedRef: listing.agentRef,
        feedUpdatedAt: listing.updatedAt ?? ctx.now,
        feedHash: hash,
        feedPendingStatus: holdForPhoto ? wantedStatus : null,
        feedWithdrawnAt: listing.published ? null : (stored?.feedWithdrawnAt ?? ctx.now),
      };
      let written: { id: string; slug: string };
      if (stored) {
        const changes = UpdateListingInputSchema.parse(formValues(listing, writeStatus));
        written = await applyListingUpdate(tx, ctx.scope, stored.id, changes, ctx.now, 'listing.edit');
        await tx.update(properties).set(feedColumns).where(eq(properties.id, written.id));
      } else {
        const input = ListingInputSchema.parse(formValues(listing, writeStatus));
        written = await insertListing(tx, ctx.scope, input, ctx.now, feedColumns);
      }
      const media = await syncFeedMedia(tx, ctx, written.id, listing.media, !stored);
      const outcome: FeedOutcomeValue = !stored
        ? 'created'
        : !listing.published && stored.status !== 'draft'
          ? 'withdrawn'
          : 'updated';
      return { ...result(outcome, written, [], warnings), dropped: media, queued: media.queued };
    });

  try {
    let written;
    try {
      written = await attempt();
    } catch (error) {
      // Two sends of a new reference at once: the loser finds the winner's row and updates it.
      if (!isUniqueViolation(error)) throw error;
      written = await attempt();
    }
    const { dropped, queued, ...outcome } = written;
    if (dropped && outcome.propertyId) await removeDroppedMedia(ctx, outcome.propertyId, dropped);
    if (queued) ctx.mediaQueued?.();
    return outcome;
  } catch (error) {
    return result('rejected', null, issuesOf(error), warnings);
  }
}
