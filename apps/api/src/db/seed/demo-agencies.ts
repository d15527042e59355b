/**
 * The demo estate agents' accounts and agencies (ADR 029): fictional firms and people from demo-agents.ts, written
 * once by the demo seed.
 */
import { bulkInsert } from '#src/db/bulk-insert.ts';
import type { Database } from '#src/db/client.ts';
import { agencies, agencyMemberBranches, agencyMembers, agents, users } from '#src/db/schema.ts';
import { branchSlug } from '#src/features/agency/create-agency.ts';
import {
  DEMO_AGENTS,
  demoAgencyId,
  demoAgentEmail,
  demoAgentId,
  demoMemberId,
  demoUserId,
} from './demo-agents.ts';

/**
 * A users row (role agent) and a branch (SPEC's agents row) for every demo agent, grouped into agencies by firm name
 * (ADR 029): the firm's first agent owns it, the others manage their own branch. Demo agencies are verified, with
 * membership numbers made up for the fictional firms. Existing rows are left alone.
 */
export async function createDemoAgents(db: Database, now: Date): Promise<void> {
  const day = 86_400_000;
  const joined = (i: number) => new Date(now.getTime() - (400 + 23 * i) * day);
  await bulkInsert(
    db,
    users,
    DEMO_AGENTS.map((a, i) => ({
      id: demoUserId(a),
      name: `${a.firstName} ${a.lastName}`,
      email: demoAgentEmail(a),
      isVerified: true,
      firstName: a.firstName,
      lastName: a.lastName,
      role: 'agent',
      phone: a.phone,
      createdAt: joined(i),
      updatedAt: joined(i),
    })),
    { onConflictDoNothing: true },
  );
  const firms = [...new Set(DEMO_AGENTS.map((a) => a.agency))];
  await bulkInsert(
    db,
    agencies,
    firms.map((firm, i) => ({
      id: demoAgencyId(firm),
      name: firm,
      redressScheme: i % 2 ? 'prs' : 'tpo',
      redressMembershipNumber:
        i % 2 ? `PRS${String(10_400 + i * 37).padStart(6, '0')}` : `D${String(5_100 + i * 41)}`,
      cmpScheme: 'client-money-protect',
      cmpMembershipNumber: `CMP${String(3_200 + i * 13)}`,
      verifiedAt: joined(i),
      createdAt: joined(i),
      updatedAt: joined(i),
    })),
    { onConflictDoNothing: true },
  );
  const branchValues = DEMO_AGENTS.map((a, i) => ({
    id: demoAgentId(a),
    agencyId: demoAgencyId(a.agency),
    name: `${a.firstName} ${a.lastName}`,
    branchName: a.branch,
    agencyName: a.agency,
    email: demoAgentEmail(a),
    phone: a.phone,
    phoneSecondary: `07700 900${String(101 + i).padStart(3, '0')}`,
    bio:
      `${a.firstName} looks after sales and lettings at the ${a.branch} branch of ${a.agency}. ` +
      'This is a demo agent: the firm and the person are fictional.',
    address: a.office,
    websiteUrl: `https://${a.agency
      .toLowerCase()
      .replace(/&/g, 'and')
      .replace(/[^a-z]+/g, '-')}.example.com`,
    socialLinks: {},
    businessHours: { 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00', Sunday: 'Closed' },
    certifications: [],
    languages: ['English'],
    yearsExperience: 3 + ((i * 7) % 20),
    createdAt: joined(i),
    updatedAt: joined(i),
  }));
  await bulkInsert(
    db,
    agents,
    branchValues.map((b) => ({ ...b, slug: branchSlug(b, b.id) })),
    { onConflictDoNothing: true },
  );
  const owners = new Set(firms.map((firm) => DEMO_AGENTS.find((a) => a.agency === firm)!.key));
  await bulkInsert(
    db,
    agencyMembers,
    DEMO_AGENTS.map((a) => ({
      id: demoMemberId(a),
      agencyId: demoAgencyId(a.agency),
      userId: demoUserId(a),
      role: owners.has(a.key) ? ('owner' as const) : ('branch-manager' as const),
      defaultBranchId: demoAgentId(a),
    })),
    { onConflictDoNothing: true },
  );
  await bulkInsert(
    db,
    agencyMemberBranches,
    DEMO_AGENTS.filter((a) => !owners.has(a.key)).map((a) => ({
      memberId: demoMemberId(a),
      branchId: demoAgentId(a),
    })),
    { onConflictDoNothing: true },
  );
}
