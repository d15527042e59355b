/**
 * Test records built from real addresses in ../shared/data (HM Land Registry Price Paid streets and postcodes,
 * OS Code-Point Open coordinates), never invented ones. Each helper inserts through Drizzle and returns the row.
 */
import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agencyMembers, agents, properties, propertyPhotos, users } from '#src/db/schema.ts';
import { createOneBranchAgency } from '#src/features/agency/create-agency.ts';
import { outcodeOf } from '@abode/shared/postcode';

/** Real streets from the Price Paid extract, with their postcode's coordinates. */
export const REAL_ADDRESSES = {
  wimbledon: {
    addressLine1: 'Cowper Road',
    city: 'London',
    postcode: 'SW19 1AA',
    latitude: 51.4185,
    longitude: -0.1882,
  },
  manchester: {
    addressLine1: 'Old Lane',
    city: 'Manchester',
    postcode: 'M11 1DE',
    latitude: 53.4791,
    longitude: -2.1809,
  },
  manchesterCentre: {
    addressLine1: 'Aytoun Street',
    city: 'Manchester',
    postcode: 'M1 3DA',
    latitude: 53.4795,
    longitude: -2.2363,
  },
  reading: {
    addressLine1: 'Parkside Road',
    city: 'Reading',
    postcode: 'RG30 2BY',
    latitude: 51.4543,
    longitude: -1.0016,
  },
  tilehurst: {
    addressLine1: 'Rodway Road, Tilehurst',
    city: 'Reading',
    postcode: 'RG30 6DT',
    latitude: 51.4566,
    longitude: -1.0401,
  },
  newport: {
    addressLine1: 'Ash Lane',
    city: 'Newport',
    postcode: 'PO30 5LT',
    latitude: 50.6929,
    longitude: -1.3158,
  },
} as const;

export type AddressKey = keyof typeof REAL_ADDRESSES;

/**
 * The body of a new listing (POST /api/agent/properties) at REAL_ADDRESSES.wimbledon: a 3 bedroom house for sale, as a
 * draft (a listing goes live only with a photo, REQ-LISTING-06). Spread it and override what a test varies.
 */
export const WIMBLEDON_SALE_DRAFT = {
  title: '3 bedroom house for sale',
  description: 'A bright Victorian terrace near Wimbledon station.',
  pricePence: 650_000_00,
  mode: 'sale',
  status: 'draft',
  propertyType: 'house',
  bedrooms: 3,
  bathrooms: 2,
  addressLine1: REAL_ADDRESSES.wimbledon.addressLine1,
  city: REAL_ADDRESSES.wimbledon.city,
  postcode: REAL_ADDRESSES.wimbledon.postcode,
};

/** The optional facts of WIMBLEDON_SALE_DRAFT's house (parking, tenure, council tax band, EPC, floor area, a garden). */
export const WIMBLEDON_SALE_FACTS = {
  parkingSpaces: 1,
  tenure: 'freehold',
  councilTaxBand: 'F',
  epcRating: 'D',
  floorAreaSqm: 110,
  features: ['garden'],
};

/**
 * REQ-PLACE-06: valid GB postcodes the project's postcode extract lacks (an agent was told 'We could not find this
 * postcode'), each with the street and town of a real HM Land Registry Price Paid record in the same outcode
 * (../shared/data/ppd, 1995 sample). OS Code-Point Open 2014 has all but DN55 1PT as units; DN55 is a Doncaster
 * PO-box district without streets of its own, so its street is a Doncaster one from the same sample.
 */
export const UNLISTED_POSTCODE_ADDRESSES = [
  { postcode: 'B33 8TH', addressLine1: 'Westacre Gardens, Stechford', city: 'Birmingham' },
  { postcode: 'CR2 6XH', addressLine1: 'Croham Valley Road', city: 'South Croydon' },
  { postcode: 'DN55 1PT', addressLine1: 'St Johns Road', city: 'Doncaster' },
  { postcode: 'B1 1BB', addressLine1: 'Graham Street', city: 'Birmingham' },
  { postcode: 'LS1 1UR', addressLine1: 'Regent Court', city: 'Leeds' },
] as const;

/** The agent profile of the fixture agencies (Harbour & Vale, Wimbledon branch): what `POST /api/agent/profile` takes. */
export const AGENT_PROFILE = {
  name: 'Alex Morgan',
  agencyName: 'Harbour & Vale',
  branchName: 'Wimbledon',
  email: 'wimbledon@example.com',
  phone: '020 7946 0001',
};

/** A second branch of the fixture agency, as `POST /api/agent/branches` takes it (ADR 029). */
export const NEW_BRANCH = {
  branchName: 'Reading',
  name: 'Imran Castell',
  email: 'reading@example.com',
  phone: '0118 496 0101',
  handlesSales: true,
  handlesLettings: true,
};

/** The fixture agency's details as `PATCH /api/agent/agency` takes them, with no scheme memberships recorded. */
export const AGENCY_DETAILS = {
  name: 'Harbour & Vale',
  redressScheme: null,
  redressMembershipNumber: null,
  cmpScheme: null,
  cmpMembershipNumber: null,
};

/**
 * Inserts a user with role agent and their verified one-branch agency (ADR 029); returns the branch (SPEC's agents
 * row) with its owner's `userId`. `verified: false` leaves the agency unverified.
 */
export async function createAgent(
  db: Database,
  overrides: Partial<Omit<typeof agents.$inferInsert, 'agencyId' | 'slug'>> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<typeof agents.$inferSelect & { userId: string }> {
  const [user] = await db
    .insert(users)
    .values({
      email: `agent-${randomUUID()}@example.com`,
      name: 'Test Agent',
      firstName: 'Test',
      role: 'agent',
    })
    .returning();
  const { branchId } = await createOneBranchAgency(
    db,
    { ...AGENT_PROFILE, ...overrides },
    { ownerUserId: user!.id, verified },
  );
  const [agent] = await db.select().from(agents).where(eq(agents.id, branchId));
  return { ...agent!, userId: user!.id };
}

/** The branches (SPEC's agents rows) user `userId` works in by default: one row for an agent, none otherwise. */
export function branchesOfUser(db: Database, userId: string): Promise<(typeof agents.$inferSelect)[]> {
  return db
    .select(getTableColumns(agents))
    .from(agents)
    .innerJoin(agencyMembers, eq(agencyMembers.defaultBranchId, agents.id))
    .where(eq(agencyMembers.userId, userId));
}

/** Marks user `userId`'s agency verified (ADR 029), so its listings may be published. */
export async function verifyAgencyOf(db: Database, userId: string): Promise<void> {
  await db.execute(sql`UPDATE agencies SET verified_at = now()
    WHERE id = (SELECT agency_id FROM agency_members WHERE user_id = ${userId}) AND verified_at IS NULL`);
}

let counter = 0;

/**
 * Inserts a listing that is public by default (active, approved, not deleted) at one of the real addresses,
 * with two photos. `createdAt` defaults to now minus `counter` minutes so insertion order is newest-last.
 */
export async function createListing(
  db: Database,
  agentId: string,
  overrides: Partial<typeof properties.$inferInsert> & { at?: AddressKey } = {},
): Promise<typeof properties.$inferSelect> {
  counter += 1;
  const { at = 'wimbledon', ...rest } = overrides;
  const address = REAL_ADDRESSES[at];
  const mode = rest.mode ?? 'sale';
  const [row] = await db
    .insert(properties)
    .values({
      agentId,
      title: `3 bedroom house ${mode === 'rent' ? 'to rent' : 'for sale'}`,
      slug: `test-listing-${counter}-${randomUUID().slice(0, 8)}`,
      pricePence: 350_000_00,
      mode,
      status: 'active',
      approvalStatus: 'approved',
      approvedAt: new Date(),
      bedrooms: 3,
      bathrooms: 1,
      parkingSpaces: 0,
      propertyType: 'house',
      ...address,
      outcode: outcodeOf(address.postcode)!,
      createdAt: new Date(Date.now() - counter * 60_000),
      ...rest,
    })
    .returning();
  await db.insert(propertyPhotos).values([
    {
      propertyId: row!.id,
      url: '/media/demo/house-semi-1.svg',
      altText: 'Illustration of a house',
      orderIndex: 0,
      isMain: true,
    },
    {
      propertyId: row!.id,
      url: '/media/demo/living-room-1.svg',
      altText: 'Illustration of a living room',
      orderIndex: 1,
    },
  ]);
  return row!;
}
