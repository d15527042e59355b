/**
 * Demo activity for the demo agent's portal (REQ-AGENT; demo only, never in production): daily views over the last 45
 * days on about a quarter of the agent's live listings, and a handful of enquiries from fictional people at
 * example.com addresses, so the dashboard, enquiries and analytics screens show what they are for on a fresh
 * `npm start`. The listings stay the real-data demo listings; only the interest in them is made up. Runs once
 * (app_meta key `demo_activity`); deterministic (hashes, not random numbers), so two fresh databases match.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRows } from '#src/db/query-rows.ts';
import { agentActivity, appMeta, enquiries } from '#src/db/schema.ts';
import { DEMO_AGENTS, demoAgentId } from './demo-agents.ts';

export const DEMO_ACTIVITY_KEY = 'demo_activity';

/** Fictional applicants: name, e-mail (example.com), phone (Ofcom's drama range 07700 900xxx), message. */
const APPLICANTS = [
  ['Priya Shah', 'priya.shah@example.com', '07700 900123', 'Could we arrange a viewing on Saturday morning?'],
  [
    'Tom Hughes',
    'tom.hughes@example.com',
    undefined,
    'Is the property still available, and is it chain free?',
  ],
  [
    'Aisha Rahman',
    'aisha.rahman@example.com',
    '07700 900456',
    'We are first-time buyers with a mortgage in principle. When could we view?',
  ],
  [
    'Gareth Jones',
    'gareth.jones@example.com',
    undefined,
    'What is the council tax band, and how old is the boiler?',
  ],
  [
    'Sofia Rossi',
    'sofia.rossi@example.com',
    '07700 900789',
    'Would the landlord consider a pet? We have one small dog.',
  ],
  [
    'James O’Connor',
    'james.oconnor@example.com',
    undefined,
    'Has there been any interest so far? We could move quickly.',
  ],
  [
    'Mei Lin',
    'mei.lin@example.com',
    '07700 900321',
    'Is there off-street parking, and what are the service charges?',
  ],
  [
    'Oliver Brown',
    'oliver.brown@example.com',
    undefined,
    'Please send the floor plan and the EPC certificate.',
  ],
] as const;

const STATUSES = ['new', 'new', 'new', 'in_progress', 'in_progress', 'closed', 'new', 'closed'] as const;

/** Adds the demo activity once; returns false when it was already there (or the demo agent has no listings). */
export async function seedDemoActivity(db: Database, now = new Date()): Promise<boolean> {
  const done = await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, DEMO_ACTIVITY_KEY));
  if (done.length) return false;
  const agentId = demoAgentId(DEMO_AGENTS[0]!);
  const today = now.toISOString().slice(0, 10);

  const seeded = await db.transaction(async (tx) => {
    // Views per day: 0–5 on a quarter of the live listings, from a hash of listing and day.
    await tx.execute(sql`
      INSERT INTO listing_view_days (property_id, day, views)
      SELECT id, day, views FROM (
        SELECT p.id, d::date AS day, abs(hashtext(p.id::text || d::date::text)) % 6 AS views
          FROM properties p
         CROSS JOIN generate_series(${today}::date - 44, ${today}::date, interval '1 day') AS d
         WHERE p.agent_id = ${agentId} AND p.status = 'active' AND NOT p.is_deleted
           AND p.approval_status = 'approved' AND abs(hashtext(p.id::text)) % 4 = 0
      ) v WHERE views > 0
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`
      UPDATE properties p SET view_count = p.view_count + v.total
        FROM (SELECT property_id, sum(views)::int AS total FROM listing_view_days GROUP BY property_id) v
       WHERE v.property_id = p.id AND p.agent_id = ${agentId}`);

    // Enquiries on the most viewed listings, one every two to three days back from today.
    const listings = await queryRows<{ id: string; title: string }>(
      tx,
      sql`
        SELECT id, title FROM properties
         WHERE agent_id = ${agentId} AND status = 'active' AND NOT is_deleted AND approval_status = 'approved'
         ORDER BY view_count DESC, id LIMIT ${APPLICANTS.length}`,
    );
    if (!listings.length) return false;
    for (const [i, [name, email, phone, message]] of APPLICANTS.entries()) {
      const listing = listings[i % listings.length]!;
      const createdAt = new Date(now.getTime() - (i * 2.5 + 0.3) * 86_400_000);
      const status = STATUSES[i]!;
      const [row] = await tx
        .insert(enquiries)
        .values({
          agentId,
          propertyId: listing.id,
          message,
          status,
          contactInfo: { name, email, ...(phone ? { phone } : {}) },
          createdAt,
          updatedAt: createdAt,
        })
        .returning();
      await tx.insert(agentActivity).values({
        agentId,
        type: 'enquiry_received',
        propertyId: listing.id,
        propertyTitle: listing.title,
        enquiryId: row!.id,
        createdAt,
      });
    }
    return true;
  });
  await db
    .insert(appMeta)
    .values({ key: DEMO_ACTIVITY_KEY, value: { completedAt: now.toISOString(), seeded } })
    .onConflictDoNothing();
  return seeded;
}
