/**
 * What the agent's and the admin's enquiry lists share (REQ-AGENT-11 and Admin enquiries): the columns of
 * an enquiry row with its listing (null once it is gone or soft-deleted: 'Property Deleted') and their mapping, and
 * {@link findEnquiryPage}: search, status filter and one page newest first with how many matched. Each list adds its
 * own columns, joins, scope and searched texts.
 */
import { and, desc, eq, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type {
  EnquiryListItem,
  EnquiryListQuery,
  EnquiryPropertyBase,
  EnquiryStatus,
} from '@abode/shared/enquiries/enquiry-list.schema';
import { enquiries, properties } from '#src/db/schema.ts';

/** `%`, `_` and `\` typed by the user are literal characters, not LIKE wildcards. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The customer's name ('' when missing), for searching. */
const contactName = sql<string>`coalesce(${enquiries.contactInfo}->>'name', '')`;

/** Joins an enquiry's listing; a soft-deleted one joins as no listing at all. */
export const listingJoin = and(eq(properties.id, enquiries.propertyId), eq(properties.isDeleted, false));

/** Columns every enquiry row has; the listing's are null when it is gone or deleted (see the join). */
export const enquiryListColumns = {
  id: enquiries.id,
  status: enquiries.status,
  message: enquiries.message,
  contactInfo: enquiries.contactInfo,
  createdAt: enquiries.createdAt,
  updatedAt: enquiries.updatedAt,
  propertyId: properties.id,
  propertyTitle: properties.title,
  propertySlug: properties.slug,
  propertyAddressLine1: properties.addressLine1,
  propertyCity: properties.city,
};

/** A row of {@link enquiryListColumns} (with whatever columns a list adds). */
type EnquiryListRow = {
  id: string;
  status: string;
  message: string;
  contactInfo: unknown;
  createdAt: Date;
  updatedAt: Date;
  propertyId: string | null;
  propertyTitle: string | null;
  propertySlug: string | null;
  propertyAddressLine1: string | null;
  propertyCity: string | null;
};

/**
 * The fields every list row answers, from {@link enquiryListColumns}: a blank phone is left out, and `property` is
 * null when the listing is gone or deleted.
 */
export function toEnquiryListItem(
  r: EnquiryListRow,
): EnquiryListItem & { property: EnquiryPropertyBase | null } {
  const info = (r.contactInfo ?? {}) as Record<string, unknown>;
  const phone = typeof info.phone === 'string' && info.phone.trim() ? info.phone : undefined;
  return {
    id: r.id,
    status: r.status as EnquiryStatus,
    message: r.message,
    contactInfo: {
      name: typeof info.name === 'string' ? info.name : '',
      email: typeof info.email === 'string' ? info.email : '',
      ...(phone ? { phone } : {}),
    },
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    property:
      r.propertyId && r.propertyTitle !== null && r.propertySlug !== null
        ? {
            id: r.propertyId,
            title: r.propertyTitle,
            slug: r.propertySlug,
            addressLine1: r.propertyAddressLine1 ?? '',
            city: r.propertyCity ?? '',
          }
        : null,
  };
}

/**
 * One page of an enquiry list and how many matched: of `rows` (a `$dynamic()` select of the list's columns FROM
 * enquiries and its joins), those within `scope` (all when none) that match the query, newest first (created DESC, id
 * DESC); `matches` is `{ n: count() }` over the same FROM. `q` matches case-insensitively anywhere in the customer's
 * name, the (non-deleted) listing's title, the message or any of `alsoSearch`; `%` and `_` in it are literal.
 * Answers the list's envelope, its `items` still rows for the caller to map.
 */
export async function findEnquiryPage<TRows extends PgSelect>(
  query: EnquiryListQuery,
  {
    rows,
    matches,
    alsoSearch,
    scope,
  }: {
    rows: TRows;
    matches: PgSelect<'enquiries', { n: SQL<number> }>;
    alsoSearch: (Column | SQL)[];
    scope?: SQL;
  },
) {
  const conditions: SQL[] = scope ? [scope] : [];
  if (query.q) {
    const pattern = likePattern(query.q);
    const texts = [contactName, properties.title, enquiries.message, ...alsoSearch];
    conditions.push(or(...texts.map((text) => ilike(text, pattern)))!);
  }
  if (query.status !== 'all') conditions.push(eq(enquiries.status, query.status));
  const where = and(...conditions);

  const [items, [matched]] = await Promise.all([
    rows
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    matches.where(where),
  ]);
  return { items, total: Number(matched?.n ?? 0), page: query.page, pageSize: query.pageSize };
}
