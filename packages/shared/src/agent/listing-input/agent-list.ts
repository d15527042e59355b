/**
 * The agent's list of listings: its sorts, filters, rows, counts by status and pages.
 */
import { z } from 'zod';
import {
  ApprovalStatusSchema,
  ListingModeSchema,
  ListingStatusSchema,
  ListingPriceSchema,
  ListingSourceSchema,
  PropertyTypeSchema,
  type ListingStatus,
} from '../../listings/listing.schema.ts';
import { plainNumber } from '../../sanitise.ts';
import {
  AGENT_LISTINGS_PAGE_SIZE,
  AGENT_LISTINGS_MAX_PAGE_SIZE,
  AGENT_LISTINGS_MAX_PAGE,
  AGENT_LISTINGS_QUERY_MAX_LENGTH,
} from './limits.ts';

/**
 * The columns the agent's table sorts by (ADR 029 "working at volume"): created (the default, newest first),
 * updated, title (A–Z ignoring case), price (pence, a rent by its pcm figure; a price on application sorts at
 * POA_SEARCH_PRICE_PENCE, so last when cheapest first, as in the search, ADR 028), status (in
 * {@link LISTING_STATUS_SORT_ORDER}), approval ({@link APPROVAL_STATUS_SORT_ORDER}), views, photos (how many), branch
 * and negotiator (by name; unassigned after every name A–Z).
 */
export const AGENT_LISTING_SORTS = [
  'created',
  'updated',
  'title',
  'price',
  'status',
  'approval',
  'views',
  'photos',
  'branch',
  'negotiator',
] as const;
export type AgentListingSort = (typeof AGENT_LISTING_SORTS)[number];
export const AgentListingSortSchema = z.enum(AGENT_LISTING_SORTS);

/** A sort's direction: ascending (A–Z, cheapest, oldest, fewest first) or descending. */
export const SortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrderSchema>;

/** Statuses in the order a listing goes through them: prepared, on the market, agreed, completed. */
export const LISTING_STATUS_SORT_ORDER: readonly ListingStatus[] = [
  'draft',
  'active',
  'under-offer',
  'let-agreed',
  'sold',
  'let',
];
/** Approval statuses with what needs an admin's (or the agent's) attention first. */
export const APPROVAL_STATUS_SORT_ORDER = ['pending', 'rejected', 'approved'] as const;

/** The negotiator filter's value for listings nobody looks after (ADR 029: `negotiator_id` null). */
export const UNASSIGNED_NEGOTIATOR = 'unassigned';

/**
 * `GET /api/agent/properties` query (REQ-ENQ-08: search over title, address line 1 and town; status; sale/rent), the
 * branch (one of the member's; another answers 400 on `branchId`) and negotiator (a member id, or 'unassigned') of
 * ADR 029, the sort (`sort` one of {@link AGENT_LISTING_SORTS}, default created; `order` asc or desc, default desc;
 * ties by id in the same direction) and the page: `page` from 1 (default 1, at most 1000), `pageSize` 1–100
 * (default 25). Bad values → 400.
 */
export const AgentListingFiltersSchema = z.object({
  q: z.string().trim().max(AGENT_LISTINGS_QUERY_MAX_LENGTH).optional(),
  status: z.union([ListingStatusSchema, z.literal('all')]).default('all'),
  mode: z.union([ListingModeSchema, z.literal('all')]).default('all'),
  branchId: z.uuid().optional(),
  negotiatorId: z.union([z.uuid(), z.literal(UNASSIGNED_NEGOTIATOR)]).optional(),
  sort: AgentListingSortSchema.default('created'),
  order: SortOrderSchema.default('desc'),
  page: plainNumber(z.number().int().min(1).max(AGENT_LISTINGS_MAX_PAGE)).optional().default(1),
  pageSize: plainNumber(z.number().int().min(1).max(AGENT_LISTINGS_MAX_PAGE_SIZE))
    .optional()
    .default(AGENT_LISTINGS_PAGE_SIZE),
});
/** The filters as a caller sends them (everything optional; page numbers as numbers, not query text). */
export type AgentListingFilters = Omit<z.input<typeof AgentListingFiltersSchema>, 'page' | 'pageSize'> & {
  page?: number;
  pageSize?: number;
};

/**
 * Where a listing came from and what its feed last did (REQ-FEED-03): the source ('portal', 'rtdf', 'blm'), the CRM's
 * reference, when a feed last wrote it, the status a feed asked for while the first photo is still being fetched,
 * and when a feed withdrew it. Always sent by the API; optional only so older fixtures still type-check.
 */
export const ListingFeedFactsSchema = z.object({
  source: ListingSourceSchema.optional(),
  feedRef: z.string().nullable().optional(),
  feedUpdatedAt: z.string().nullable().optional(),
  feedPendingStatus: ListingStatusSchema.nullable().optional(),
  feedWithdrawnAt: z.string().nullable().optional(),
});
export type ListingFeedFacts = z.infer<typeof ListingFeedFactsSchema>;

/** One row of the agent's list. Prices in integer pence; times ISO 8601. */
export const AgentListingSummarySchema = z
  .object({
    id: z.string(),
    /** The branch (SPEC's agents row) the listing belongs to, and the member looking after it (ADR 029). */
    branchId: z.string(),
    negotiatorId: z.string().nullable(),
    /** The branch's name (its branch name, else its agent name) and the negotiator's (null: unassigned). */
    branchName: z.string(),
    negotiatorName: z.string().nullable(),
    slug: z.string(),
    title: z.string(),
    addressLine1: z.string(),
    city: z.string(),
    postcode: z.string(),
    bedrooms: z.number().int(),
    bathrooms: z.number().int(),
    propertyType: PropertyTypeSchema,
    mode: ListingModeSchema,
    ...ListingPriceSchema.shape,
    status: ListingStatusSchema,
    approvalStatus: ApprovalStatusSchema,
    viewCount: z.number().int().nonnegative(),
    photoCount: z.number().int().nonnegative(),
    /** The main photo, else the first by order; null without photos. */
    mainPhoto: z.object({ url: z.string(), altText: z.string().nullable() }).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    approvedAt: z.string().nullable(),
  })
  .extend(ListingFeedFactsSchema.shape);
export type AgentListingSummary = z.infer<typeof AgentListingSummarySchema>;

/**
 * The stat cards (REQ-AGENT-04) over ALL the agent's non-deleted listings, whatever the filters:
 * total, active, under offer (including let agreed) and the sum of their view counts.
 */
export const AgentListingStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  active: z.number().int().nonnegative(),
  underOffer: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
});
export type AgentListingStats = z.infer<typeof AgentListingStatsSchema>;

/**
 * `GET /api/agent/properties` answer: one page of the matching listings, newest first (created DESC, then id DESC,
 * so pages never overlap); `total` counts every match of the filters; `page`/`pageSize` echo the request (a page
 * past the end has no items); `stats` ignore the filters.
 */
export const AgentListingListSchema = z.object({
  items: z.array(AgentListingSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  stats: AgentListingStatsSchema,
  /**
   * The branch and negotiator filters' choices (ADR 029): the member's branches, and the agency's members who work
   * in them (owners work in every branch), each by name A–Z.
   */
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
  negotiators: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AgentListingList = z.infer<typeof AgentListingListSchema>;
