/**
 * The agent dashboard's data (REQ-AGENT-03): the agent user's first name, the
 * four stat cards and the latest Recent Activity events, all for the caller's agent id only.
 */
import { sql } from 'drizzle-orm';
import {
  NEW_LEADS_DAYS,
  RECENT_ACTIVITY_LIMIT,
  type AgentActivityItem,
  type AgentDashboard,
} from '@abode/shared/agent/dashboard.schema';
import type { Database } from '#src/db/client.ts';
import { queryRow, queryRows } from '#src/db/query-rows.ts';
import { inBranches, type AgentScope } from '#src/features/agency/authorise.ts';
import { PUBLIC_LISTING } from '#src/features/listings/listing-row.ts';

const DAY_MS = 86_400_000;

/** First day of `now`'s UTC calendar month and of the next one, as YYYY-MM-DD (the unit of listing_view_days). */
export function utcMonthBounds(now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(new Date(Date.UTC(y, m, 1))), to: day(new Date(Date.UTC(y, m + 1, 1))) };
}

/** The stat cards' figures (counts cast to int) and the member's first name. */
interface StatsRow {
  first_name: string | null;
  active_listings: number;
  total_enquiries: number;
  views_this_month: number;
  new_leads: number;
}

/** An agent_activity row with its listing (null once gone or deleted) and enquirer's name. */
interface ActivityRow {
  id: string;
  type: string;
  created_at: string;
  enquiry_id: string | null;
  /** jsonb: an object as written, but read defensively. */
  details: unknown;
  property_title: string | null;
  property_id: string | null;
  property_slug: string | null;
  property_mode: string | null;
  contact_name: string | null;
}

/**
 * Stats: Active Listings = status active and not deleted; Total Enquiries = every enquiry of the agent; Views This
 * Month = views recorded this UTC calendar month (`listing_view_days`, REQ-LISTING-21) of the agent's listings that are
 * active and public now (REQ-LISTING-21 'the sum of view counts of active properties'; PUBLIC_LISTING: status active,
 * approved, not deleted, agent not suspended) — a listing set back to draft, under offer, sold, let or deleted no
 * longer counts (REQ-AGENT-03); New Leads = enquiries created in the 7 days up to `now` (REQ-SITE-14). Recent Activity: the latest 10 events;
 * a listing link only while the listing exists and is not deleted; the enquirer's name for enquiry events.
 */
export async function getAgentDashboard(db: Database, scope: AgentScope, now: Date): Promise<AgentDashboard> {
  const month = utcMonthBounds(now);
  // The member's branches (ADR 029): a one-branch agency's owner sees exactly SPEC's one agent.
  const mine = (column: string) => inBranches(column, scope.branchIds);
  const leadsSince = new Date(now.getTime() - NEW_LEADS_DAYS * DAY_MS);

  const [s, activity] = await Promise.all([
    queryRow<StatsRow>(
      db,
      sql`
      SELECT
        (SELECT u.first_name FROM agency_members m JOIN users u ON u.id = m.user_id
          WHERE m.id = ${scope.memberId}) AS first_name,
        (SELECT count(*) FROM properties
          WHERE ${mine('agent_id')} AND status = 'active' AND NOT is_deleted)::int AS active_listings,
        (SELECT count(*) FROM enquiries WHERE ${mine('agent_id')})::int AS total_enquiries,
        (SELECT coalesce(sum(v.views), 0) FROM listing_view_days v JOIN properties p ON p.id = v.property_id
          WHERE ${mine('p.agent_id')} AND ${PUBLIC_LISTING}
            AND v.day >= ${month.from}::date AND v.day < ${month.to}::date)::int AS views_this_month,
        (SELECT count(*) FROM enquiries
          WHERE ${mine('agent_id')} AND created_at > ${leadsSince.toISOString()}::timestamptz
            AND created_at <= ${now.toISOString()}::timestamptz)::int AS new_leads`,
    ),
    queryRows<ActivityRow>(
      db,
      sql`
      SELECT aa.id, aa.type, aa.created_at, aa.enquiry_id, aa.details,
             coalesce(aa.property_title, p.title) AS property_title,
             CASE WHEN p.id IS NOT NULL AND NOT p.is_deleted THEN p.id END AS property_id,
             CASE WHEN p.id IS NOT NULL AND NOT p.is_deleted THEN p.slug END AS property_slug,
             p.mode AS property_mode,
             nullif(trim(e.contact_info->>'name'), '') AS contact_name
        FROM agent_activity aa
        LEFT JOIN properties p ON p.id = aa.property_id AND p.agent_id = aa.agent_id
        LEFT JOIN enquiries e ON e.id = aa.enquiry_id AND e.agent_id = aa.agent_id
       WHERE ${mine('aa.agent_id')}
       ORDER BY aa.created_at DESC, aa.id DESC
       LIMIT ${RECENT_ACTIVITY_LIMIT}`,
    ),
  ]);

  const recentActivity: AgentActivityItem[] = activity.map((r) => ({
    id: r.id,
    type: r.type,
    createdAt: new Date(r.created_at).toISOString(),
    propertyId: r.property_id,
    propertySlug: r.property_slug,
    propertyTitle: r.property_title,
    propertyMode: r.property_mode === 'sale' || r.property_mode === 'rent' ? r.property_mode : null,
    enquiryId: r.enquiry_id,
    contactName: r.contact_name,
    details:
      r.details && typeof r.details === 'object' && !Array.isArray(r.details)
        ? (r.details as Record<string, unknown>)
        : {},
  }));

  const firstName = s?.first_name?.trim() || null;
  return {
    firstName,
    stats: {
      activeListings: s?.active_listings ?? 0,
      totalEnquiries: s?.total_enquiries ?? 0,
      viewsThisMonth: s?.views_this_month ?? 0,
      newLeads: s?.new_leads ?? 0,
    },
    recentActivity,
  };
}
