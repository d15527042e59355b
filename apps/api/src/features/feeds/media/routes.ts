/**
 * Where a feed listing's files stand (ADR 030): `GET /api/agent/properties/{id}/feed-media`, for the listing's edit
 * page, so an agent sees which of the CRM's files arrived and which failed and why. Mounted by agent/routes.ts at
 * `/api/agent/` behind `requireAgentProfile`, beside the media routes, so the path is full. Only a listing of the member's
 * branches they may view (`listing.view`, ADR 029): any other id is a 404.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import { ListingMediaListParamsSchema } from '@abode/shared/agent/media.schema';
import {
  FEED_MEDIA_KINDS,
  FeedMediaListSchema,
  type FeedMediaItemStatus,
  type FeedMediaList,
} from '@abode/shared/feeds/feed-media.schema';
import type { AppEnv } from '#src/app-env.ts';
import type { Database } from '#src/db/client.ts';
import { feedMedia } from '#src/db/schema.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';
import { ownListing } from '#src/features/agent/photos/photos.ts';
import { scopeOf } from '#src/features/agent/scope.ts';
import { agentOnly, errorResponse, json } from '#src/lib/openapi.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';

/**
 * The feed's files of listing `propertyId`, by kind (photos, floor plans, EPCs, brochures) and in the feed's order
 * within each. Throws 404 when the listing is not one of the member's branches' (or was deleted), 403 when their
 * role may not view it. A listing typed in the portal has none.
 */
export async function listFeedMedia(
  db: Database,
  scope: AgentScope,
  propertyId: string,
): Promise<FeedMediaList> {
  await ownListing(db, scope, propertyId, 'listing.view');
  const rows = await db
    .select()
    .from(feedMedia)
    .where(eq(feedMedia.propertyId, propertyId))
    .orderBy(asc(feedMedia.orderIndex), asc(feedMedia.createdAt));
  const kindOrder = (kind: string) => FEED_MEDIA_KINDS.indexOf(kind as FeedMediaItemStatus['kind']);
  return {
    items: rows
      .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind))
      .map((row) => ({
        id: row.id,
        kind: row.kind as FeedMediaItemStatus['kind'],
        url: row.url,
        caption: row.caption,
        state: row.state as FeedMediaItemStatus['state'],
        attempts: row.attempts,
        lastError: row.lastError,
        nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
      })),
  };
}

const listFeedMediaRoute = createRoute({
  method: 'get',
  path: '/properties/{id}/feed-media',
  tags: ['Agent media'],
  summary: "A feed listing's files and where each stands",
  description:
    'The files a listing feed (RTDF `media`, BLM MEDIA_* columns) gave by URL for one of my listings, by kind ' +
    "(photo, floor-plan, epc, brochure) and the feed's order: 'pending' (still to fetch, or to retry at " +
    "`nextAttemptAt`), 'stored', or 'failed' with `lastError` in words (e.g. 'The address of this file is not " +
    "allowed'). Empty for a listing typed in the portal.",
  request: { params: ListingMediaListParamsSchema },
  responses: {
    200: json(FeedMediaListSchema, "The listing's feed files"),
    400: errorResponse('The id is not a UUID'),
    ...agentOnly,
    404: errorResponse('No listing of mine has this id (or it was deleted)'),
  },
});

export const feedMediaRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  listFeedMediaRoute,
  async (c) => c.json(await listFeedMedia(c.var.db, scopeOf(c), c.req.valid('param').id), 200),
);
