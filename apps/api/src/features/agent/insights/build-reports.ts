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

type Row = Record<string, unknown>;

/** Approval as the report's Approval column names it (REQ-LISTING-02: public only once approved). */
const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
/** The label of a known value, else the value itself (a report never fails over an unexpected status). */
const labelOf = (labels: Record<string, string>, value: unknown) => labels[String(value)] ?? String(value);

/** The instants bounding a range: midnight UTC of `from` and of the day after `to`. */
function bounds(range: ReportRange) {
  return { start: `${range.from}T00:00:00.000Z`, end: `${addDays(range.to, 1)}T00:00:00.000Z` };
}

/** 'YYYY-MM-DD HH:MM' in UTC: sorts as text and every spreadsheet reads it as a date-time. */
function utcStamp(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  return date.toISOString().slice(0, 16).replace('T', ' ');
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
  const result = await queryRows<Row>(
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
      String(r.title),
      String(r.address_line_1),
      String(r.city),
      String(r.postcode),
      r.mode === 'rent' ? 'Rent' : 'Sale',
      r.price_qualifier === 'poa' ? POA_LABEL : penceToPounds(Number(r.price_pence)),
      labelOf(LISTING_STATUS_LABELS, r.status),
      labelOf(APPROVAL_LABELS, r.approval_status),
      Number(r.bedrooms),
      Number(r.view_count),
      Number(r.enquiries),
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
  const result = await queryRows<Row>(
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
      const contact = (typeof r.contact_info === 'string' ? JSON.parse(r.contact_info) : r.contact_info) as {
        name?: string;
        email?: string;
        phone?: string;
      } | null;
      return [
        utcStamp(r.created_at),
        labelOf(ENQUIRY_STATUS_LABELS, r.status),
        contact?.name?.trim() || MESSAGES.anonymous,
        contact?.email ?? '',
        contact?.phone ?? '',
        r.title == null ? MESSAGES.propertyDeletedFallback : String(r.title),
        String(r.message),
      ];
    }),
  );
}
