/**
 * One app on a fresh database with the eight personas of the security tests (REQ-SEC: the authorisation matrix and
 * the write-route fuzzing) and records owned by 'client' and 'agent', built once per test file:
 * - visitor (no cookie), client, other client, agent, other agent, admin, super admin, and a suspended user whose
 *   session was ended by the suspension (so they act as a signed-out holder of a stale cookie);
 * - the agent's public listing (two photos) and draft listing, the client's enquiry about the public listing, saved
 *   search (with its unsubscribe token) and favourite; postcodes from OS Code-Point Open for listing writes.
 *
 * Every request moves the server clock (`createApp`'s `now`) on by two hours, past every rate-limit window and block
 * (the longest, critical keys, is one hour), so thousands of requests from one persona or one IP are never refused
 * with 429 by a limiter still counting earlier ones; the write limit is raised for the same reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { admins, postcodes, propertyPhotos, savedSearches, users as usersTable } from '#src/db/schema.ts';
import { ORIGIN, signedInUser, uniqueEmail } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

export const PERSONAS = [
  'visitor',
  'client',
  'otherClient',
  'agent',
  'otherAgent',
  'admin',
  'superAdmin',
  'suspended',
] as const;
export type Persona = (typeof PERSONAS)[number];
export type SignedInPersona = Exclude<Persona, 'visitor'>;

export interface PersonaUser {
  userId: string;
  email: string;
  cookie: string;
  /** The agents row of 'agent' and 'otherAgent'. */
  agentId?: string;
}

/** Coordinates from OS Code-Point Open (the project's demo extract, apps/api/data/demo/postcodes.csv.gz). */
const POSTCODE_ROWS = [
  { postcode: 'SW19 1AA', outcode: 'SW19', latitude: 51.42164, longitude: -0.18615 },
  { postcode: 'M11 1DE', outcode: 'M11', latitude: 53.47417, longitude: -2.16811 },
  { postcode: 'RG30 2BY', outcode: 'RG30', latitude: 51.45177, longitude: -1.00046 },
];

const TWO_HOURS = 2 * 60 * 60 * 1000;

type App = ReturnType<typeof createApp>;
type Listing = Awaited<ReturnType<typeof createListing>>;

export interface Fixtures {
  /** The agent's public listing and its two photos (main first). */
  publicListing: Listing;
  publicPhotoIds: string[];
  /** The agent's draft listing, waiting for approval (not public). */
  draftListing: Listing;
  /** The client's enquiry about the public listing (received by 'agent'). */
  enquiryId: string;
  /** The client's saved search and the secret of its unsubscribe link. */
  savedSearchId: string;
  unsubscribeToken: string;
}

export interface SecurityWorld {
  handle: DatabaseHandle;
  app: App;
  uploadsDir: string;
  users: Record<SignedInPersona, PersonaUser>;
  fixtures: Fixtures;
  /** The server's clock now. */
  now(): Date;
  cookieOf(persona: Persona): string | undefined;
  /** One JSON request (as the SPA sends it, with our Origin) from `persona`; `undefined` body sends none. */
  call(
    persona: Persona,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** One request with a raw body (multipart, text, bytes…) from `persona`; headers as given (plus Origin, Cookie). */
  send(
    persona: Persona,
    method: string,
    path: string,
    init?: { body?: RequestInit['body']; headers?: Record<string, string> },
  ): Promise<Response>;
  /** More records for a test: listings of an agent persona, users who have no session. */
  make: {
    listing(
      owner: 'agent' | 'otherAgent',
      overrides?: Parameters<typeof createListing>[2],
    ): Promise<{ listing: Listing; photoIds: string[] }>;
    /** A verified user without a session (a target for admin actions), optionally an admin or suspended. */
    user(o?: {
      admin?: 'admin' | 'super_admin';
      role?: 'client' | 'agent';
      suspended?: boolean;
    }): Promise<{ userId: string; email: string }>;
    /** A saved search of the client, through the API. */
    savedSearch(owner?: SignedInPersona): Promise<{ id: string; unsubscribeToken: string }>;
    /** An enquiry from the client about `listingId`, through the API. */
    enquiry(listingId: string): Promise<string>;
  };
  close(): Promise<void>;
}

export interface SecurityWorldOptions {
  /** Serve as in production (no /api/dev). */
  production?: boolean;
}

/** Builds the app, the personas and the fixtures (≈2 s on PGlite). Call `close()` in afterAll. */
export async function createSecurityWorld(options: SecurityWorldOptions = {}): Promise<SecurityWorld> {
  const handle = await createTestDatabase();
  const db = handle.db;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-security-'));
  let clock = Date.now();
  const app = createApp({
    db,
    now: () => new Date(clock),
    uploadsDir,
    production: options.production ?? false,
    writeRateLimitPerMinute: 1_000_000,
    searchRateLimitPerMinute: 1_000_000,
  });
  await db.insert(postcodes).values(POSTCODE_ROWS).onConflictDoNothing();

  const users = {} as Record<SignedInPersona, PersonaUser>;
  const cookieOf = (persona: Persona) => (persona === 'visitor' ? undefined : users[persona].cookie);

  const send: SecurityWorld['send'] = (persona, method, url, init = {}) => {
    clock += TWO_HOURS;
    const cookie = cookieOf(persona);
    return Promise.resolve(
      app.request(url, {
        method,
        headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
      }),
    );
  };
  const call: SecurityWorld['call'] = (persona, method, url, body, headers = {}) =>
    send(persona, method, url, {
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    });

  const signUp = async (o: Parameters<typeof signedInUser>[2] = {}): Promise<PersonaUser> => {
    clock += TWO_HOURS;
    const user = await signedInUser(app, db, o);
    if (o.role !== 'agent') return user;
    const [row] = await branchesOfUser(db, user.userId);
    return { ...user, agentId: row!.id };
  };
  users.client = await signUp();
  users.otherClient = await signUp();
  users.agent = await signUp({ role: 'agent' });
  users.otherAgent = await signUp({ role: 'agent' });
  users.admin = await signUp({ admin: 'admin' });
  users.superAdmin = await signUp({ admin: 'super_admin' });
  users.suspended = await signUp();
  await expectStatus(call('superAdmin', 'POST', `/api/admin/users/${users.suspended.userId}/suspend`), 200);

  let savedSearchCount = 0;
  const make: SecurityWorld['make'] = {
    async listing(owner, overrides = {}) {
      // Material information, so an edit of a live listing passes the listing rules.
      const listing = await createListing(db, users[owner].agentId!, {
        tenure: 'freehold',
        councilTaxBand: 'D',
        ...overrides,
      });
      const photos = await db
        .select({ id: propertyPhotos.id })
        .from(propertyPhotos)
        .where(eq(propertyPhotos.propertyId, listing.id))
        .orderBy(propertyPhotos.orderIndex);
      return { listing, photoIds: photos.map((p) => p.id) };
    },
    async user(o = {}) {
      const email = uniqueEmail('target');
      const [row] = await db
        .insert(usersTable)
        .values({
          email,
          name: 'Target User',
          firstName: 'Target',
          role: o.role ?? 'client',
          isVerified: true,
          ...(o.suspended ? { isSuspended: true, suspendedAt: new Date() } : {}),
        })
        .returning();
      if (o.admin) await db.insert(admins).values({ userId: row!.id, adminRole: o.admin });
      return { userId: row!.id, email };
    },
    async savedSearch(owner = 'client') {
      // Each call saves another search: the same filters twice are refused (409, REQ-SEC).
      savedSearchCount += 1;
      const res = await call(owner, 'POST', '/api/me/saved-searches', {
        searchParams: { location: 'Wimbledon', bedrooms: savedSearchCount },
      });
      const { id } = (await expectStatus(Promise.resolve(res), 201)) as { id: string };
      const [row] = await db
        .select({ token: savedSearches.unsubscribeToken })
        .from(savedSearches)
        .where(eq(savedSearches.id, id));
      return { id, unsubscribeToken: row!.token };
    },
    async enquiry(listingId) {
      const res = await call('client', 'POST', '/api/enquiries', {
        propertyId: listingId,
        name: 'Test Client',
        email: users.client.email,
        message: 'Is the house still available?',
      });
      return ((await expectStatus(Promise.resolve(res), 201)) as { id: string }).id;
    },
  };

  const { listing: publicListing, photoIds: publicPhotoIds } = await make.listing('agent');
  const { listing: draftListing } = await make.listing('agent', {
    status: 'draft',
    approvalStatus: 'pending',
    approvedAt: null,
  });
  const enquiryId = await make.enquiry(publicListing.id);
  const saved = await make.savedSearch('client');
  await expectStatus(call('client', 'PUT', `/api/me/favourites/${publicListing.id}`), 200);

  return {
    handle,
    app,
    uploadsDir,
    users,
    fixtures: {
      publicListing,
      publicPhotoIds,
      draftListing,
      enquiryId,
      savedSearchId: saved.id,
      unsubscribeToken: saved.unsubscribeToken,
    },
    now: () => new Date(clock),
    cookieOf,
    call,
    send,
    make,
    async close() {
      await handle.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The JSON body of `response` after checking its status; throws with the body when the status differs. */
async function expectStatus(response: Promise<Response>, status: number): Promise<unknown> {
  const res = await response;
  const text = await res.text();
  if (res.status !== status)
    throw new Error(`fixture request: expected ${status}, got ${res.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}
