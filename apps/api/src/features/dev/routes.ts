/**
 * Development helpers under /api/dev (mounted only when NODE_ENV !== 'production'; REQ-SEC-14, REQ-CLIENT): the outbox, a
 * way for browser tests to put a waiting demo listing live, as an admin's approval will (REQ-LISTING-02), to make an
 * agent account the way scripts and the demo seed do, without an agent profile (REQ-AGENT-02), and to verify a new
 * agent's agency as an admin would (ADR 029). Every route answers only
 * requests from this machine, else 404 (REQ-SEC, `localOnly`).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { sanitiseEmail, sanitisedText } from '@abode/shared/sanitise';
import type { AppEnv } from '#src/app-env.ts';
import { queryRow } from '#src/db/query-rows.ts';
import { outbox, properties } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { ensureCredentialUser } from '#src/features/auth/credential-users.ts';
import { alertDevRoutes } from '#src/features/alerts/dev-routes.ts';
import { assertBranchMayAdvertise } from '#src/features/agency/compliance/advertising.ts';
import { localOnly } from './local-only.ts';

/** PostgreSQL text cannot hold NUL: such a value is bad input (400), not a query error. */
const noNul = (text: string) => !text.includes('\u0000');

const PublishBodySchema = z
  .object({
    /** Partial, case-insensitive match on the listing's town, street or postcode, as the search uses. */
    location: z.string().trim().min(1).max(100).refine(noNul).optional(),
    /** Or exactly this listing (e.g. one an agent just created in a browser test). */
    slug: z.string().trim().min(1).max(200).refine(noNul).optional(),
    mode: z.enum(['sale', 'rent']).default('sale'),
  })
  .refine((b) => b.location !== undefined || b.slug !== undefined);

const VerifyAgencyBodySchema = z.object({
  email: z.string().max(254).transform(sanitiseEmail).pipe(z.email()),
});

const AgentUserBodySchema = z.object({
  email: z.string().max(254).transform(sanitiseEmail).pipe(z.email()),
  password: z.string().min(8).max(128),
  firstName: sanitisedText(50, { singleLine: true }).optional(),
});

export const devRoutes = new Hono<AppEnv>()
  .use('*', localOnly)
  .get('/mail', async (c) => {
    const rows = await c.var.db
      .select({
        to: outbox.to,
        subject: outbox.subject,
        text: outbox.text,
        html: outbox.html,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(200);
    c.header('Cache-Control', 'no-store');
    return c.json(rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })));
  })
  /**
   * `POST /api/dev/publish-listing { location, mode } | { slug }`: approves and publishes (now) one waiting
   * (non-public) listing in that location, or the listing with that slug, so a "new listing appears" journey can
   * run without the admin portal. → 200 { id, slug, title }; 404 (REQ-MSG-05) when none waits there.
   * As an admin's approval, it puts nothing live for an agency that is not verified or is suspended (ADR 029): a
   * location skips their listings, a slug of one answers 409 with the approval's reason.
   */
  .post('/publish-listing', async (c) => {
    const parsed = PublishBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw AppError.validation();
    const { location, slug, mode } = parsed.data;
    const now = c.var.now().toISOString();
    if (slug !== undefined) {
      const [listing] = await c.var.db
        .select({ branchId: properties.agentId })
        .from(properties)
        .where(and(eq(properties.slug, slug), eq(properties.isDeleted, false)));
      if (listing) await assertBranchMayAdvertise(c.var.db, listing.branchId);
    }
    const match =
      slug !== undefined
        ? sql`slug = ${slug}`
        : sql`mode = ${mode} AND location_text LIKE ${`%${(location ?? '').toLowerCase()}%`}
              AND agent_id IN (SELECT b.id FROM agents b JOIN agencies ag ON ag.id = b.agency_id
                                WHERE ag.verified_at IS NOT NULL AND ag.suspended_at IS NULL)`;
    const row = await queryRow<{ id: string; slug: string; title: string }>(
      c.var.db,
      sql`
      UPDATE properties SET status = 'active', approval_status = 'approved', approved_at = ${now}::timestamptz,
             published_at = ${now}::timestamptz, created_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
       WHERE id = (SELECT id FROM properties
                    WHERE NOT is_deleted AND ${match}
                      AND (status <> 'active' OR approval_status <> 'approved')
                    ORDER BY id LIMIT 1)
       RETURNING id, slug, title`,
    );
    if (!row) throw AppError.notFound();
    return c.json(row);
  })
  /**
   * `POST /api/dev/agent-user { email, password, firstName? }`: a verified user with role agent and no agent profile,
   * made as `ensureCredentialUser` makes demo and script accounts (an existing address is left as it is). → 200
   * { userId, created }. Browser tests sign in with it to meet 'Profile not found' and create the profile.
   */
  .post('/agent-user', async (c) => {
    const parsed = AgentUserBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw AppError.validation();
    const { email, password, firstName } = parsed.data;
    return c.json(await ensureCredentialUser(c.var.db, { email, password, firstName, role: 'agent' }));
  })
  /**
   * `POST /api/dev/verify-agency { email }`: marks the agency of the agent with that sign-in e-mail verified, as an
   * admin's check of its redress scheme will (ADR 029), so a browser journey of a new agent can publish without the
   * admin portal. → 200 { agencyId, name }; 404 (REQ-MSG-05) when the address belongs to no member.
   */
  .post('/verify-agency', async (c) => {
    const parsed = VerifyAgencyBodySchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw AppError.validation();
    const row = await queryRow<{ agencyId: string; name: string }>(
      c.var.db,
      sql`
      UPDATE agencies SET verified_at = COALESCE(verified_at, ${c.var.now().toISOString()}::timestamptz)
       WHERE id = (SELECT m.agency_id FROM agency_members m JOIN users u ON u.id = m.user_id
                    WHERE lower(u.email) = ${parsed.data.email})
       RETURNING id AS "agencyId", name`,
    );
    if (!row) throw AppError.notFound();
    return c.json(row);
  })
  // POST /api/dev/run-alerts: the saved-search alert job, at once.
  .route('/', alertDevRoutes);
