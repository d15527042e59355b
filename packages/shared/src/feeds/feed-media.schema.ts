/**
 * Media a listing feed gave by URL and where each one stands (REQ-FEED-06): `GET /api/agent/properties/{id}/feed-media`,
 * shown on the listing's edit page so an agent sees which of the CRM's files arrived and which failed, and why.
 */
import { z } from 'zod';

/** The kinds of file a feed gives by URL: photos, and the floor plans, EPCs and brochures of `listing_media`. */
export const FEED_MEDIA_KINDS = ['photo', 'floor-plan', 'epc', 'brochure'] as const;
export type FeedMediaKindValue = (typeof FEED_MEDIA_KINDS)[number];

/** 'pending': still to fetch (or to retry); 'stored': fetched, checked and stored; 'failed': given up. */
export const FEED_MEDIA_STATES = ['pending', 'stored', 'failed'] as const;
export type FeedMediaStateValue = (typeof FEED_MEDIA_STATES)[number];

export const FEED_MEDIA_STATE_LABELS: Record<FeedMediaStateValue, string> = {
  pending: 'Fetching',
  stored: 'Stored',
  failed: 'Failed',
};

export const FeedMediaItemSchema = z.object({
  id: z.string(),
  kind: z.enum(FEED_MEDIA_KINDS),
  url: z.string(),
  caption: z.string().nullable(),
  state: z.enum(FEED_MEDIA_STATES),
  attempts: z.number().int().nonnegative(),
  /** Why the last attempt failed, in words ('The file is not an image'), or null. */
  lastError: z.string().nullable(),
  /** When a pending item is tried next (ISO 8601). */
  nextAttemptAt: z.string().nullable(),
});
export type FeedMediaItemStatus = z.infer<typeof FeedMediaItemSchema>;

export const FeedMediaListSchema = z.object({ items: z.array(FeedMediaItemSchema) });
export type FeedMediaList = z.infer<typeof FeedMediaListSchema>;
