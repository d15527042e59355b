/**
 * Enquiries (REQ-ENQ-03), the agent's notes and replies on them, idempotency keys for repeated submissions, and the
 * agent activity feed.
 */
import { sql } from 'drizzle-orm';
import { BUYER_POSITIONS, type ViewingPeriod } from '@abode/shared/enquiries/enquiry.schema';
import { check, index, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, createdAt, oneOf } from './columns.ts';
import { users } from './users.ts';
import { agents, agencyMembers } from './agencies.ts';
import { properties } from './listings.ts';

/** enquiries (REQ-ENQ-03): contact_info is { name, email, phone? }. They outlive a deleted listing (REQ-ENQ-03). */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    status: text('status').notNull().default('new'),
    contactInfo: jsonb('contact_info').$type<{ name: string; email: string; phone?: string }>().notNull(),
    /** The member of the branch working this lead (ADR 029); null until someone takes it. */
    assignedMemberId: uuid('assigned_member_id').references(() => agencyMembers.id, { onDelete: 'set null' }),
    /** Times the applicant would like to view; null when they did not ask for a viewing. */
    viewingTimes: jsonb('viewing_times').$type<{ date: string; period: ViewingPeriod }[]>(),
    /** Where a buyer stands (BUYER_POSITIONS), as ticked on the form. */
    buyerPosition: text('buyer_position')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('enquiries_status_check', sql`${t.status} IN (${oneOf(['new', 'in_progress', 'closed'])})`),
    check(
      'enquiries_buyer_position_check',
      sql`${t.buyerPosition} <@ ARRAY[${oneOf(BUYER_POSITIONS)}]::text[]`,
    ),
    index('enquiries_agent_idx').on(t.agentId, t.createdAt.desc()),
    index('enquiries_property_idx').on(t.propertyId),
    index('enquiries_assigned_idx').on(t.assignedMemberId),
  ],
);

export const ENQUIRY_MESSAGE_KINDS = ['note', 'reply'] as const;

/**
 * An enquiry's thread inside the branch (ADR 029): private notes members leave for each other, and replies sent to the
 * applicant by e-mail (through the outbox, in the same transaction). The author's name is kept so the thread still
 * reads well after they leave the agency.
 */
export const enquiryMessages = pgTable(
  'enquiry_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    authorMemberId: uuid('author_member_id').references(() => agencyMembers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('enquiry_messages_kind_check', sql`${t.kind} IN (${oneOf(ENQUIRY_MESSAGE_KINDS)})`),
    index('enquiry_messages_enquiry_idx').on(t.enquiryId, t.createdAt),
  ],
);

/**
 * Idempotency keys of `POST /api/enquiries` (REQ-ENQ-03): a retry carrying the same `Idempotency-Key` gets the first
 * answer again instead of a second enquiry. One row per scope (`u:<user id>` signed in, else `anonymous`) and key,
 * claimed in the transaction that creates the enquiry, with the SHA-256 of the validated request and the answer
 * given (status and JSON body). Rows live 24 hours (features/enquiries/idempotency.ts), then are purged.
 */
export const enquiryIdempotencyKeys = pgTable(
  'enquiry_idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    enquiryId: uuid('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    /** Null only inside the claiming transaction, before the enquiry is made. */
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('enquiry_idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const AGENT_ACTIVITY_TYPES = [
  'enquiry_received',
  'enquiry_status_changed',
  'enquiry_assigned',
  'listing_created',
  'listing_updated',
  'listing_status_changed',
  'listing_price_changed',
  'listing_deleted',
  'listing_approved',
  'listing_rejected',
  'photos_added',
] as const;

/**
 * What happened to an agent's listings and enquiries (REQ-ENQ-03: the dashboard's Recent Activity from real events,
 * REQ-AGENT-03). One row per event, written in the same transaction as the change; `details` holds the event's
 * before/after facts (e.g. `{ from: 'new', to: 'closed' }`); `property_title` is kept so the line still reads well
 * after the listing is deleted.
 */
export const agentActivity = pgTable(
  'agent_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'set null' }),
    propertyTitle: text('property_title'),
    enquiryId: uuid('enquiry_id').references(() => enquiries.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    check('agent_activity_type_check', sql`${t.type} IN (${oneOf(AGENT_ACTIVITY_TYPES)})`),
    index('agent_activity_agent_idx').on(t.agentId, t.createdAt.desc()),
  ],
);
