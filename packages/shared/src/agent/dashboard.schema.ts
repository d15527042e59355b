/**
 * The agent dashboard (REQ-AGENT-03): the greeting's first name, the four stat
 * cards and the Recent Activity panel from real events. `GET /api/agent/dashboard` answers
 * {@link AgentDashboardSchema}; {@link describeActivity} turns one event into the line the panel shows.
 */
import { z } from 'zod';
import { LISTING_STATUS_LABELS, type ListingStatus } from '../listings/listing.schema.ts';
import { MESSAGES } from '../messages.ts';
import { formatAgentPrice } from '../money.ts';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from './enquiries.schema.ts';
import { POA_SEARCH_PRICE_PENCE } from './listing-input.schema.ts';

/** Events shown in Recent Activity (the latest first). */
export const RECENT_ACTIVITY_LIMIT = 10;
/** 'New Leads' counts enquiries created in the last 7 days (REQ-SITE-14). */
export const NEW_LEADS_DAYS = 7;

/** Texts of the dashboard (not in SPEC). */
export const AGENT_DASHBOARD_MESSAGES = {
  loadFailed: 'Failed to load dashboard',
  noActivity: 'No activity yet. New enquiries and changes to your listings will appear here.',
  fallbackName: 'Agent',
} as const;

const count = z.number().int().nonnegative();

/**
 * The stat cards: Active Listings (status active, not deleted), Total Enquiries (all the agent's enquiries), Views
 * This Month (this UTC calendar month's views of the agent's non-deleted listings, REQ-AGENT-03) and New Leads
 * (enquiries created in the last 7 days, REQ-SITE-14).
 */
export const AgentDashboardStatsSchema = z.object({
  activeListings: count,
  totalEnquiries: count,
  viewsThisMonth: count,
  newLeads: count,
});
export type AgentDashboardStats = z.infer<typeof AgentDashboardStatsSchema>;

/**
 * One Recent Activity event, ready to display. `propertyId`/`propertySlug` are set only while the listing still
 * exists and is not deleted (so a link never leads nowhere); `propertyTitle` is the title kept with the event;
 * `contactName` is the enquirer's name for enquiry events (null otherwise or when blank); `details` holds the
 * event's before/after facts: `{ from, to }` for status changes, `{ fromPence, toPence }` for price changes.
 */
export const AgentActivityItemSchema = z.object({
  id: z.string(),
  type: z.string(),
  createdAt: z.string(),
  propertyId: z.string().nullable(),
  propertySlug: z.string().nullable(),
  propertyTitle: z.string().nullable(),
  propertyMode: z.enum(['sale', 'rent']).nullable(),
  enquiryId: z.string().nullable(),
  contactName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AgentActivityItem = z.infer<typeof AgentActivityItemSchema>;

/** `GET /api/agent/dashboard`. `firstName` is users.first_name (null when unset: the page says 'Agent'). */
export const AgentDashboardSchema = z.object({
  firstName: z.string().nullable(),
  stats: AgentDashboardStatsSchema,
  recentActivity: z.array(AgentActivityItemSchema),
});
export type AgentDashboard = z.infer<typeof AgentDashboardSchema>;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const pence = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;

const listingStatus = (v: unknown): string | undefined => {
  const s = text(v);
  return s ? (LISTING_STATUS_LABELS[s as ListingStatus] ?? s) : undefined;
};
const enquiryStatus = (v: unknown): string | undefined => {
  const s = text(v);
  return s ? (ENQUIRY_STATUS_LABELS[s as EnquiryStatus] ?? s) : undefined;
};

/**
 * The Recent Activity line of an event, in words: 'New enquiry from Jane Smith about 3 bedroom house for sale',
 * 'Status of … changed from Draft to Active', 'Price of … reduced from £450,000 to £425,000', 'Listing … approved'.
 * A missing title reads 'a deleted listing'; a blank enquirer name reads 'Anonymous' (REQ-MSG-11).
 */
export function describeActivity(item: AgentActivityItem): string {
  const title = item.propertyTitle?.trim() || 'a deleted listing';
  const who = item.contactName?.trim() || MESSAGES.anonymous;
  const d = item.details;
  switch (item.type) {
    case 'enquiry_received':
      return `New enquiry from ${who} about ${title}`;
    case 'enquiry_status_changed': {
      const from = enquiryStatus(d.from);
      const to = enquiryStatus(d.to);
      const change = from && to ? `changed from ${from} to ${to}` : to ? `marked ${to}` : 'updated';
      return `Enquiry from ${who} about ${title} ${change}`;
    }
    case 'enquiry_assigned': {
      const to = typeof d.assignedTo === 'string' && d.assignedTo.trim() ? d.assignedTo.trim() : null;
      return to
        ? `Enquiry from ${who} about ${title} assigned to ${to}`
        : `Enquiry from ${who} about ${title} unassigned`;
    }
    case 'listing_created':
      return `Listing ${title} created`;
    case 'listing_updated':
      return `Listing ${title} updated`;
    case 'listing_status_changed': {
      const from = listingStatus(d.from);
      const to = listingStatus(d.to);
      if (from && to) return `Status of ${title} changed from ${from} to ${to}`;
      return to ? `Status of ${title} changed to ${to}` : `Status of ${title} changed`;
    }
    case 'listing_price_changed': {
      const from = pence(d.fromPence);
      const to = pence(d.toPence);
      // A price on application is stored at the search price (ADR 028): it has no figure to tell.
      if (
        from === undefined ||
        to === undefined ||
        from >= POA_SEARCH_PRICE_PENCE ||
        to >= POA_SEARCH_PRICE_PENCE
      )
        return `Price of ${title} changed`;
      const mode = item.propertyMode ?? 'sale';
      const verb = to < from ? 'reduced' : to > from ? 'increased' : 'changed';
      return `Price of ${title} ${verb} from ${formatAgentPrice(from, mode)} to ${formatAgentPrice(to, mode)}`;
    }
    case 'listing_deleted':
      return `Listing ${title} deleted`;
    case 'listing_approved':
      return `Listing ${title} approved`;
    case 'listing_rejected':
      return `Listing ${title} rejected`;
    case 'photos_added': {
      const n = typeof d.count === 'number' && d.count > 0 ? d.count : undefined;
      return n ? `${n} ${n === 1 ? 'photo' : 'photos'} added to ${title}` : `Photos added to ${title}`;
    }
    default:
      return `Activity on ${title}`;
  }
}
