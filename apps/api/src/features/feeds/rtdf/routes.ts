/**
 * Abode's Rightmove-compatible real-time feed (RTDF v1, REQ-FEED-03, ADR 030), mounted at /api/rtdf/v1/property: a CRM
 * that feeds Rightmove changes only its base URL and credentials. The three calls take and answer Rightmove's JSON
 * (rtdf-request.schema.ts, rtdf-response.schema.ts), authenticated by `Authorization: Bearer <feed key>` instead of
 * Rightmove's client certificate (`feedKeyAuth`: 401, 403, 429, every call audited). `branch.branch_id` is the feed
 * id of one of the key creator's branches (Settings › Listing feeds); `network.network_id` is accepted, logged and
 * recorded in the call's audit row.
 * A CRM's fault — a request that does not match the schema, a branch the key may not write, a listing the portal's
 * rules refuse — is HTTP 200 with `success: false` and coded errors, as Rightmove answers it; nothing is written.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { OpenAPIHono, type Hook } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { FeedIssue, FeedOutcomeValue } from '@abode/shared/feeds/feed-report.schema';
import { formatRtdfTimestamp } from '@abode/shared/feeds/rtdf/rtdf-dates';
import { RTDF_REMOVAL_REASONS } from '@abode/shared/feeds/rtdf/rtdf-codes';
import {
  RTDF_BODY_LIMIT_BYTES,
  RTDF_ISSUE_CODES,
  RTDF_MESSAGES,
  type RtdfPropertyResult,
} from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import { agents, properties } from '#src/db/schema.ts';
import type { BodyLimitRoute } from '#src/middleware/body-limit.ts';
import { feedMediaQueued } from '../media/feed-media-signal.ts';
import { upsertFeedListing, type FeedContext, type FeedWriteResult } from '../feed-listing.ts';
import { withdrawFeedListing } from '../feed-listing-status.ts';
import type { FeedEnv } from '../keys/feed-key-auth.ts';
import { modeOfChannel, mapRtdfListing } from './map-listing.ts';
import { answerHead, rtdfErrors, rtdfWarnings, schemaIssues } from './rtdf-answer.ts';
import { listRoute, removeRoute, sendRoute } from './rtdf-openapi.ts';

/** The RTDF calls' body limit: 1 MB, above the API's 64 KB default (a long description and hundreds of media). */
export const RTDF_BODY_LIMITS: readonly BodyLimitRoute[] = [
  {
    method: 'POST',
    path: /^\/api\/rtdf\/v1\/property\/[a-z]+\/?$/,
    maxBytes: RTDF_BODY_LIMIT_BYTES,
    message: RTDF_MESSAGES.bodyTooLarge,
  },
];

/** The request body as sent (Hono keeps the parsed JSON), for the values named in errors and warnings. */
const rawBody = (c: Context<FeedEnv>): Promise<unknown> => c.req.json().catch(() => undefined);

/** The ref a raw body names, for answers to requests that did not validate. */
function refIn(body: unknown): string | null {
  const ref = (body as { property?: { agent_ref?: unknown } } | undefined)?.property?.agent_ref;
  return typeof ref === 'string' ? ref.slice(0, 80) : null;
}

const noProperty = (agentRef: string | null): RtdfPropertyResult => ({
  agent_ref: agentRef,
  rightmove_id: null,
  rightmove_url: null,
  change_type: null,
});

/** A request that does not match the RTDF schema: 200, `success: false`, an error per field (as Rightmove does). */
const rtdfValidationHook: Hook<unknown, FeedEnv, string, unknown> = async (result, c) => {
  if (result.success) return;
  const body = await rawBody(c);
  const issues = schemaIssues(result.error, body);
  const head = answerHead(c, c.var.now(), false, RTDF_MESSAGES.invalidRequest);
  const list = c.req.path.endsWith('getbranchpropertylist');
  return c.json(
    {
      ...head,
      ...(list ? { branch: null } : {}),
      property: list ? null : noProperty(refIn(body)),
      errors: rtdfErrors(issues, body),
      warnings: [],
    },
    200,
  );
};

/** The Abode branch of feed id `feedBranchId`, when it is one of the key creator's branches; else null. */
async function branchOf(c: Context<FeedEnv>, feedBranchId: number): Promise<{ id: string } | null> {
  const [branch] = await c.var.db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.feedBranchId, feedBranchId));
  return branch && c.var.feedCaller.scope.branchIds.includes(branch.id) ? branch : null;
}

const branchRefused: FeedIssue = {
  code: RTDF_ISSUE_CODES.branchNotAllowed,
  message: RTDF_MESSAGES.branchNotAllowed,
  field: 'branch.branch_id',
};

/** The write context of a feed call: the key creator's membership, acting now, waking the media job. */
function feedContext(c: Context<FeedEnv>): FeedContext {
  return {
    db: c.var.db,
    storage: c.var.storage,
    logger: c.var.logger,
    scope: c.var.feedCaller.scope,
    keyId: c.var.feedCaller.keyId,
    source: 'rtdf',
    now: c.var.now(),
    mediaQueued: feedMediaQueued,
  };
}

/** The listing's number (`rightmove_id`) and public URL (`rightmove_url`) after a write. */
async function propertyResult(
  c: Context<FeedEnv>,
  agentRef: string,
  written: FeedWriteResult,
): Promise<RtdfPropertyResult> {
  if (!written.propertyId || written.outcome === 'rejected') return noProperty(agentRef);
  const [row] = await c.var.db
    .select({ number: properties.listingNumber, slug: properties.slug })
    .from(properties)
    .where(eq(properties.id, written.propertyId));
  const changeType: Record<FeedOutcomeValue, RtdfPropertyResult['change_type']> = {
    created: 'CREATE',
    updated: 'UPDATE',
    withdrawn: 'DELETE',
    unchanged: null,
    rejected: null,
  };
  return {
    agent_ref: agentRef,
    rightmove_id: row?.number ?? null,
    rightmove_url: row ? `${c.var.publicUrl}/property/${row.slug}` : null,
    change_type: changeType[written.outcome],
  };
}

const OUTCOME_MESSAGES: Record<FeedOutcomeValue, string> = {
  created: RTDF_MESSAGES.created,
  updated: RTDF_MESSAGES.updated,
  unchanged: RTDF_MESSAGES.unchanged,
  withdrawn: RTDF_MESSAGES.withdrawn,
  rejected: RTDF_MESSAGES.rejected,
};

export const rtdfRoutes = new OpenAPIHono<FeedEnv>({ defaultHook: rtdfValidationHook })
  .openapi(sendRoute, async (c) => {
    const requestedAt = c.var.now();
    const request = c.req.valid('json');
    c.set('feedNetworkId', request.network?.network_id ?? null);
    const body = await rawBody(c);
    const agentRef = request.property.agent_ref;
    c.var.logger.info(
      { networkId: request.network?.network_id ?? null, branch: request.branch.branch_id, agentRef },
      'rtdf: sendpropertydetails',
    );
    const reply = (
      success: boolean,
      message: string,
      property: RtdfPropertyResult,
      errors: FeedIssue[],
      warnings: FeedIssue[],
    ) =>
      c.json(
        {
          ...answerHead(c, requestedAt, success, message),
          property,
          errors: rtdfErrors(errors, body),
          warnings: rtdfWarnings(warnings, body),
        },
        200,
      );
    const branch = await branchOf(c, request.branch.branch_id);
    if (!branch) return reply(false, RTDF_MESSAGES.rejected, noProperty(agentRef), [branchRefused], []);
    const mapped = mapRtdfListing(request, branch.id);
    if ('errors' in mapped)
      return reply(false, RTDF_MESSAGES.rejected, noProperty(agentRef), mapped.errors, mapped.warnings);
    const written = await upsertFeedListing(feedContext(c), mapped.listing);
    const ok = written.outcome !== 'rejected';
    const property = await propertyResult(c, agentRef, written);
    // `published: false` withdraws, whatever the listing was (a draft waiting for its photo included).
    const withdrawn = ok && !request.property.published && written.outcome !== 'unchanged';
    return reply(
      ok,
      withdrawn ? RTDF_MESSAGES.withdrawn : OUTCOME_MESSAGES[written.outcome],
      withdrawn ? { ...property, change_type: 'DELETE' } : property,
      written.errors,
      written.warnings,
    );
  })
  .openapi(removeRoute, async (c) => {
    const requestedAt = c.var.now();
    const request = c.req.valid('json');
    c.set('feedNetworkId', request.network?.network_id ?? null);
    const body = await rawBody(c);
    const { agent_ref: agentRef, removal_reason: reason, transaction_date: date } = request.property;
    c.var.logger.info(
      {
        networkId: request.network?.network_id ?? null,
        branch: request.branch.branch_id,
        agentRef,
        removalReason: reason === undefined ? null : (RTDF_REMOVAL_REASONS[reason] ?? reason),
        transactionDate: date ?? null,
      },
      'rtdf: removeproperty',
    );
    const branch = await branchOf(c, request.branch.branch_id);
    const written = branch
      ? await withdrawFeedListing(feedContext(c), branch.id, agentRef)
      : { outcome: 'rejected' as const, propertyId: null, slug: null, errors: [branchRefused], warnings: [] };
    const ok = written.outcome !== 'rejected';
    const property = await propertyResult(c, agentRef, written);
    return c.json(
      {
        ...answerHead(
          c,
          requestedAt,
          ok,
          written.outcome === 'unchanged'
            ? RTDF_MESSAGES.alreadyWithdrawn
            : OUTCOME_MESSAGES[written.outcome],
        ),
        property: ok ? { ...property, change_type: 'DELETE' as const } : property,
        errors: rtdfErrors(written.errors, body),
        warnings: rtdfWarnings(written.warnings, body),
      },
      200,
    );
  })
  .openapi(listRoute, async (c) => {
    const requestedAt = c.var.now();
    const request = c.req.valid('json');
    c.set('feedNetworkId', request.network?.network_id ?? null);
    const body = await rawBody(c);
    const { branch_id: feedBranchId, channel } = request.branch;
    c.var.logger.info(
      { networkId: request.network?.network_id ?? null, branch: feedBranchId },
      'rtdf: getbranchpropertylist',
    );
    const branch = await branchOf(c, feedBranchId);
    const mode = modeOfChannel(channel);
    const refused = !branch
      ? branchRefused
      : channel !== undefined && !mode
        ? {
            code: RTDF_ISSUE_CODES.invalidField,
            message: RTDF_MESSAGES.channelUnknown,
            field: 'branch.channel',
          }
        : null;
    if (refused || !branch)
      return c.json(
        {
          ...answerHead(c, requestedAt, false, RTDF_MESSAGES.rejected),
          branch: { branch_id: feedBranchId, channel: channel ?? null },
          property: null,
          errors: rtdfErrors(refused ? [refused] : [], body),
          warnings: [],
        },
        200,
      );
    const rows = await c.var.db
      .select({
        number: properties.listingNumber,
        ref: properties.feedRef,
        updatedAt: properties.feedUpdatedAt,
        mode: properties.mode,
      })
      .from(properties)
      .where(
        and(
          eq(properties.agentId, branch.id),
          isNotNull(properties.feedRef),
          eq(properties.isDeleted, false),
          isNull(properties.feedWithdrawnAt),
          ...(mode ? [eq(properties.mode, mode)] : []),
        ),
      )
      .orderBy(asc(properties.listingNumber));
    return c.json(
      {
        ...answerHead(c, requestedAt, true, RTDF_MESSAGES.listed),
        branch: { branch_id: feedBranchId, channel: channel ?? null },
        property: rows.map((row) => ({
          rightmove_id: row.number,
          agent_ref: row.ref!,
          update_date: row.updatedAt ? formatRtdfTimestamp(row.updatedAt) : null,
          channel: row.mode === 'rent' ? 2 : 1,
        })),
        errors: [],
        warnings: [],
      },
      200,
    );
  });

rtdfRoutes.openAPIRegistry.registerComponent('securitySchemes', 'feedKey', {
  type: 'http',
  scheme: 'bearer',
  description: 'A listing feed key (Settings › Listing feeds), sent as `Authorization: Bearer abode_feed_…`',
});
