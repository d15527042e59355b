/**
 * The agent's CSV reports (REQ-AGENT-16 Reports) for a range of UTC days, both ends included: listings the agent created
 * in the range, and enquiries the agent received in it. Only the caller's rows (`agent_id`). Written with the
 * formula-safe RFC 4180 writer in csv.ts, because titles, names and messages are free text (enquiry text is typed
 * by strangers).
 */
import { sql } from 'drizzle-orm';
import { ENQUIRY_STATUS_LABELS } from '@abode/shared/agent/enquiries.schema';
import {
  ENQUIRIES_REPORT_COLUMNS,
  LISTINGS_REPORT_COLUMNS,
  type ReportRange,
} from '@abode/shared/agent/reports.schema';
import { LISTING_STATUS_LABELS, type ApprovalStatus } from '@abode/shared/listings/listing.schema';
import { POA_LABEL } from '@abode/shared/listings/listing-price';
import { MESSAGES } from '@abode/shared/messages';
import { penceToPounds } from '@abode/shared/money';
import type { Database } from '#src/db/client.ts';
import { inBranches } from '#src/features/agency/authorise.ts';
import { addDays } from './get-analytics.ts';
import { toCsv } from './csv.ts';
import { queryRows } from '#src/db/query-rows.ts';

/** A listing as the listings report reads it. */
interface ListingReportRow {
  title: string;
  address_line_1: string;
  city: string;
  postcode: string;
  mode: string;
  price_pence: number;
  price_qualifier: string | null;
  status: string;
  approval_status: string;
  bedrooms: number;
  view_count: number;
  created_at: string;
  enquiries: number;
}

/** The contact details an enquirer gave (jsonb). */
interface ContactInfo {
  name?: string;
  email?: string;
  phone?: string;
}

/** An enquiry as the enquiries report reads it; `title` is null once its listing is gone or deleted. */
interface EnquiryReportRow {
  created_at: string;
  status: string;
  /** jsonb, read as an object; a JSON string is parsed too. */
  contact_info: ContactInfo | string | null;
  message: string;
  title: string | null;
}

/** Approval as the report's Approval column names it (REQ-LISTING-02: public only once approved). */
const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** The label of a known value, else the value itself (a report never fails over an unexpected status). */
const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** The instants bounding a range: midnight UTC of `from` and of the day after `to`. */
function bounds(range: ReportRange) {
  return { start: `${range.from}T00:00:00.000Z`, end: `${addDays(range.to, 1)}T00:00:00.000Z` };
}

/** 'YYYY-MM-DD HH:MM' in UTC: sorts as text and every spreadsheet reads it as a date-time. */
function utcStamp(value: string): string {
  return new Date(value).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Listings created in the range, not deleted, oldest first: title, address, town, postcode, mode, asking price
 * (whole pounds; monthly for rent, a weekly rent as its pcm equivalent; 'POA' for a price on application, never
 * the search price it is stored at), status, approval, bedrooms, views (all time), enquiries (all time), created.
 */
export async function buildListingsReport(
  db: Database,
  branchIds: readonly string[],
  range: ReportRange,
): Promise<string> {
  const { start, end } = bounds(range);
  const result = await queryRows<ListingReportRow>(
    db,
    sql`
    SELECT p.title, p.address_line_1, p.city, p.postcode, p.mode, p.price_pence, p.price_qualifier, p.status,
      p.approval_status,
      p.bedrooms, p.view_count, p.created_at,
      (SELECT count(*) FROM enquiries e WHERE e.property_id = p.id AND ${inBranches('e.agent_id', branchIds)})::int AS enquiries
    FROM properties p
    WHERE ${inBranches('p.agent_id', branchIds)} AND NOT p.is_deleted
      AND p.created_at >= ${start}::timestamptz AND p.created_at < ${end}::timestamptz
    ORDER BY p.created_at, p.id`,
  );
  return toCsv(
    LISTINGS_REPORT_COLUMNS,
    result.map((r) => [
      r.title,
      r.address_line_1,
      r.city,
      r.postcode,
      r.mode === 'rent' ? 'Rent' : 'Sale',
      r.price_qualifier === 'poa' ? POA_LABEL : penceToPounds(r.price_pence),
      labelOf(LISTING_STATUS_LABELS, r.status),
      labelOf(APPROVAL_LABELS, r.approval_status),
      r.bedrooms,
      r.view_count,
      r.enquiries,
      utcStamp(r.created_at),
    ]),
  );
}

/**
 * Enquiries received in the range, oldest first: date, status, customer name ('Anonymous' when missing), e-mail,
 * phone, property title ('Property Deleted' when the listing is gone), message.
 */
export async function buildEnquiriesReport(
  db: Database,
  branchIds: readonly string[],
  range: ReportRange,
): Promise<string> {
  const { start, end } = bounds(range);
  const result = await queryRows<EnquiryReportRow>(
    db,
    sql`
    SELECT e.created_at, e.status, e.contact_info, e.message,
      CASE WHEN p.id IS NULL OR p.is_deleted THEN NULL ELSE p.title END AS title
    FROM enquiries e LEFT JOIN properties p ON p.id = e.property_id
    WHERE ${inBranches('e.agent_id', branchIds)}
      AND e.created_at >= ${start}::timestamptz AND e.created_at < ${end}::timestamptz
    ORDER BY e.created_at, e.id`,
  );
  return toCsv(
    ENQUIRIES_REPORT_COLUMNS,
    result.map((r) => {
      const contact =
        typeof r.contact_info === 'string'
          ? (JSON.parse(r.contact_info) as ContactInfo | null)
          : r.contact_info;
      return [
        utcStamp(r.created_at),
        labelOf(ENQUIRY_STATUS_LABELS, r.status),
        contact?.name?.trim() || MESSAGES.anonymous,
        contact?.email ?? '',
        contact?.phone ?? '',
        r.title ?? MESSAGES.propertyDeletedFallback,
        r.message,
      ];
    }),
  );
}
