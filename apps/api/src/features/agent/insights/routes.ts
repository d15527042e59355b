/**
 * The agent's analytics, CSV reports and settings, mounted at /api/agent (REQ-AGENT-15: Analytics, Reports, Settings).
 * The parent app (agent/routes.ts) already requires an agent (401 visitor, 403 other roles) and sets no-store.
 * Every answer covers only the caller's own listings and enquiries (by the agent id `requireAgentProfile` loaded by
 * user_id); no route takes an agent id.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { AgentAnalyticsSchema, AnalyticsQuerySchema } from '@abode/shared/agent/analytics.schema';
import {
  defaultReportRange,
  reportFilename,
  ReportRangeSchema,
  type ReportKind,
} from '@abode/shared/agent/reports.schema';
import { AgentSettingsSchema, UpdateAgentSettingsSchema } from '@abode/shared/agent/settings.schema';
import type { AppEnv } from '#src/app-env.ts';
import { agentOnly, errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { validationError } from '#src/middleware/error-handler.ts';
import { validationHook } from '#src/middleware/validation-hook.ts';
import { scopeOf } from '../scope.ts';
import { authorise, authoriseAction } from '#src/features/agency/authorise.ts';
import { getAgentSettings, updateAgentSettings } from './agent-settings.ts';
import { buildEnquiriesReport, buildListingsReport } from './build-reports.ts';
import { getAnalytics } from './get-analytics.ts';

const analyticsRoute = createRoute({
  method: 'get',
  path: '/analytics',
  tags: ['Agent analytics'],
  summary: 'Views and enquiries over time, per listing',
  description:
    '`days` = 7, 30 (default) or 90. UTC days, today included. `series`: one `{date, views, enquiries}` per day, ' +
    'zero-filled; `totals` and `previous` (the period just before): `{views, enquiries, conversion}` where ' +
    'conversion = enquiries ÷ views (a fraction; null without views). `listings`: `{ items, total, page, ' +
    'pageSize, sort }`, one page (20 rows; `page` from 1, default 1, ≤ 1000) of the non-deleted listings with ' +
    'views and enquiries in the period, totalViews (all time), favourites (saved by users now) and conversion, ' +
    'sorted by `sort` = views (default) | enquiries | favourites | conversion | totalViews, descending, ties by ' +
    'title then id, null conversion last; `total` counts all the listings, a page past the end has no items. ' +
    'Views from listing_view_days of non-deleted listings; enquiries: all the agent received.',
  request: { query: AnalyticsQuerySchema },
  responses: {
    200: json(AgentAnalyticsSchema, 'The analytics'),
    400: errorResponse('`days` is not 7, 30 or 90, `sort` is not a known column, or `page` is not 1–1000'),
    ...agentOnly,
  },
});

const ReportQuerySchema = z.object({
  from: z
    .string()
    .max(20)
    .optional()
    .openapi({ description: 'First day, YYYY-MM-DD (default: 1st of this month)' }),
  to: z.string().max(20).optional().openapi({ description: 'Last day, YYYY-MM-DD (default: today, UTC)' }),
});

const csvResponse = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string() } },
});

const reportRoute = (kind: ReportKind, summary: string, columns: string) =>
  createRoute({
    method: 'get',
    path: `/reports/${kind}.csv`,
    tags: ['Agent reports'],
    summary,
    description:
      `CSV download (text/csv; charset=utf-8, UTF-8 with BOM, CRLF, RFC 4180, header row): ${columns}. ` +
      'The range is UTC days, both ends included, `from` ≤ `to`, at most 366 days. Text cells starting with ' +
      '= + - @ TAB or CR get a leading apostrophe (spreadsheet formula injection). Content-Disposition: attachment; ' +
      'filename="abode-' +
      kind +
      '-{from}-to-{to}.csv".',
    request: { query: ReportQuerySchema },
    responses: {
      200: csvResponse('The report'),
      400: errorResponse('A date is not YYYY-MM-DD, from > to, or the range is over 366 days'),
      ...agentOnly,
    },
  });

const listingsReportRoute = reportRoute(
  'listings',
  'Listings created in a date range, as CSV',
  'title, address, town, postcode, mode, asking price (whole £, rent pcm), status, approval, bedrooms, views, ' +
    'enquiries, created (UTC); non-deleted listings only',
);
const enquiriesReportRoute = reportRoute(
  'enquiries',
  'Enquiries received in a date range, as CSV',
  "date (UTC), status, customer name ('Anonymous' if missing), e-mail, phone, property ('Property Deleted' if " +
    'gone), message',
);

const SETTINGS = ['Agent settings'];
const getSettingsRoute = createRoute({
  method: 'get',
  path: '/settings',
  tags: SETTINGS,
  summary: 'My notification settings',
  description: '`{ notifyNewEnquiries }`: whether each new enquiry is e-mailed to the agent.',
  responses: { 200: json(AgentSettingsSchema, 'The settings'), ...agentOnly },
});
const updateSettingsRoute = createRoute({
  method: 'patch',
  path: '/settings',
  tags: SETTINGS,
  summary: 'Change my notification settings',
  description: 'Body `{ notifyNewEnquiries: boolean }`; answers the saved settings.',
  request: {
    body: jsonBody(UpdateAgentSettingsSchema),
  },
  responses: {
    200: json(AgentSettingsSchema, 'The saved settings'),
    400: errorResponse('The body is not `{ notifyNewEnquiries: boolean }`'),
    ...agentOnly,
  },
});

/** The range of a report request: missing ends take the page's defaults; a bad range is a 400 with details. */
function reportRange(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const defaults = defaultReportRange(now);
  const parsed = ReportRangeSchema.safeParse({
    from: query.from || defaults.from,
    to: query.to || defaults.to,
  });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function csvAttachment(csv: string, filename: string): Response {
  return new Response(csv, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export const agentInsightRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(analyticsRoute, async (c) =>
    c.json(await getAnalytics(c.var.db, reportBranchesOf(c), c.req.valid('query'), c.var.now()), 200),
  )
  .openapi(listingsReportRoute, async (c) => {
    const range = reportRange(c.req.valid('query'), c.var.now());
    const csv = await buildListingsReport(c.var.db, reportBranchesOf(c), range);
    return csvAttachment(csv, reportFilename('listings', range));
  })
  .openapi(enquiriesReportRoute, async (c) => {
    const range = reportRange(c.req.valid('query'), c.var.now());
    const csv = await buildEnquiriesReport(c.var.db, reportBranchesOf(c), range);
    return csvAttachment(csv, reportFilename('enquiries', range));
  })
  .openapi(getSettingsRoute, async (c) =>
    c.json(await getAgentSettings(c.var.db, scopeOf(c).defaultBranchId), 200),
  )
  .openapi(updateSettingsRoute, async (c) => {
    const scope = scopeOf(c);
    authorise(scope, 'branch.edit', { branchId: scope.defaultBranchId });
    return c.json(
      await updateAgentSettings(c.var.db, scope.defaultBranchId, c.req.valid('json'), c.var.now()),
      200,
    );
  });

/** The branches whose figures the member may see: all of theirs, for a role that sees reports (ADR 029), else 403. */
function reportBranchesOf(c: Parameters<typeof scopeOf>[0]): readonly string[] {
  const scope = scopeOf(c);
  authoriseAction(scope, 'reports.view');
  return scope.branchIds;
}
