/**
 * GET /api/me/export, "download my data" (REQ-CLIENT-14; UK GDPR Art. 15/20): everything stored about the signed-in user
 * in one JSON document. Password hashes, session tokens and unsubscribe tokens are never selected.
 */
import { desc, eq, or, sql } from 'drizzle-orm';
import type { DataExport } from '@abode/shared/profile/profile.schema';
import type { Database } from '#src/db/client.ts';
import {
  agencyMembers,
  agents,
  auditLogs,
  enquiries,
  favourites,
  properties,
  recentViews,
  savedSearches,
  sessions,
  users,
} from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export async function exportUserData(db: Database, userId: string, now: Date): Promise<DataExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound();
  const email = user.email.toLowerCase();

  const [favouriteRows, searchRows, viewRows, enquiryRows, sessionRows, auditRows, agentRows] =
    await Promise.all([
      db
        .select({
          listingId: properties.id,
          title: properties.title,
          slug: properties.slug,
          savedAt: favourites.createdAt,
        })
        .from(favourites)
        .innerJoin(properties, eq(properties.id, favourites.propertyId))
        .where(eq(favourites.userId, userId))
        .orderBy(desc(favourites.createdAt)),
      db
        .select({
          id: savedSearches.id,
          label: savedSearches.label,
          searchParams: savedSearches.searchParams,
          emailAlerts: savedSearches.emailAlerts,
          alertFrequency: savedSearches.alertFrequency,
          lastAlertedAt: savedSearches.lastAlertedAt,
          createdAt: savedSearches.createdAt,
          updatedAt: savedSearches.updatedAt,
        })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(desc(savedSearches.createdAt)),
      db
        .select({
          listingId: properties.id,
          title: properties.title,
          slug: properties.slug,
          viewedAt: recentViews.viewedAt,
        })
        .from(recentViews)
        .innerJoin(properties, eq(properties.id, recentViews.propertyId))
        .where(eq(recentViews.userId, userId))
        .orderBy(desc(recentViews.viewedAt)),
      // Enquiries they sent, signed in (user_id) or not (their e-mail in contact_info).
      db
        .select({
          id: enquiries.id,
          listingId: properties.id,
          title: properties.title,
          slug: properties.slug,
          agentName: agents.name,
          message: enquiries.message,
          status: enquiries.status,
          contactInfo: enquiries.contactInfo,
          createdAt: enquiries.createdAt,
        })
        .from(enquiries)
        .leftJoin(properties, eq(properties.id, enquiries.propertyId))
        .leftJoin(agents, eq(agents.id, enquiries.agentId))
        .where(or(eq(enquiries.userId, userId), sql`lower(${enquiries.contactInfo}->>'email') = ${email}`))
        .orderBy(desc(enquiries.createdAt)),
      db
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt)),
      // Security events and admin actions about them: by user, by their id as the entity, or (failed sign-ins) their
      // e-mail as the entity.
      db
        .select({ action: auditLogs.action, createdAt: auditLogs.createdAt, ipAddress: auditLogs.ipAddress })
        .from(auditLogs)
        .where(
          or(eq(auditLogs.userId, userId), eq(auditLogs.entityId, userId), eq(auditLogs.entityId, email)),
        )
        .orderBy(desc(auditLogs.createdAt))
        .limit(10_000),
      // The branch they work in by default and their role in its agency (ADR 029).
      db
        .select({ branch: agents, memberRole: agencyMembers.role })
        .from(agencyMembers)
        .innerJoin(agents, eq(agents.id, agencyMembers.defaultBranchId))
        .where(eq(agencyMembers.userId, userId)),
    ]);

  const agent = agentRows[0] && { ...agentRows[0].branch, memberRole: agentRows[0].memberRole };
  return {
    exportedAt: iso(now),
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      role: user.role === 'agent' ? 'agent' : 'client',
      isVerified: user.isVerified,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    favourites: favouriteRows.map((r) => ({ ...r, savedAt: iso(r.savedAt) })),
    savedSearches: searchRows.map((r) => ({
      ...r,
      lastAlertedAt: isoOrNull(r.lastAlertedAt),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    })),
    recentViews: viewRows.map((r) => ({ ...r, viewedAt: iso(r.viewedAt) })),
    enquiries: enquiryRows.map((r) => ({
      id: r.id,
      listing:
        r.listingId && r.title && r.slug ? { listingId: r.listingId, title: r.title, slug: r.slug } : null,
      agentName: r.agentName,
      message: r.message,
      status: r.status,
      contactInfo: r.contactInfo,
      createdAt: iso(r.createdAt),
    })),
    sessions: sessionRows.map((r) => ({ ...r, createdAt: iso(r.createdAt), expiresAt: iso(r.expiresAt) })),
    auditLog: auditRows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    agent: agent
      ? {
          ...agent,
          createdAt: iso(agent.createdAt),
          updatedAt: iso(agent.updatedAt),
        }
      : null,
  };
}
