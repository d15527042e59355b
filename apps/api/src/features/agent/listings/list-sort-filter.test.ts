/**
 * The agent's listings table at volume (ADR 029) over HTTP on a real database: every column's sort both
 * ways, total and stable (ties by id), a price on application sorting as the highest price (ADR 028), rents by their
 * pcm figure; the branch and negotiator filters, the names on each row and the filters' choices, per role.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AGENT_LISTING_SORTS,
  AgentListingListSchema,
  LISTING_MESSAGES,
  POA_SEARCH_PRICE_PENCE,
  type AgentListingSort,
} from '@abode/shared/agent/listing-input.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agents, propertyPhotos } from '#src/db/schema.ts';
import { createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { addBranch, addMember, agencyOwner, type TestMember } from './listings-test-helpers.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let owner: TestMember & { branchId: string };
let manager: TestMember;
let negotiator: TestMember;
let branches: { wimbledon: string; reading: string; ryde: string };
let otherAgencyBranch: string;

/** What the test knows of each listing, to sort it independently of the API. */
interface Fixture {
  id: string;
  title: string;
  price: number;
  status: string;
  approval: string;
  views: number;
  photos: number;
  created: number;
  updated: number;
  branch: string;
  negotiator: string | null;
}
let listings: Record<'a' | 'b' | 'c' | 'd' | 'e', Fixture>;

const STATUS_RANK = ['draft', 'active', 'under-offer', 'let-agreed', 'sold', 'let'];
const APPROVAL_RANK = ['pending', 'rejected', 'approved'];
const at = (minute: number) => new Date(Date.parse('2026-11-02T09:00:00.000Z') + minute * 60_000);

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, writeRateLimitPerMinute: 10_000 });
  const db = handle.db;
  owner = await agencyOwner(app, db, { name: 'Clara Whitmore' });
  await db.update(agents).set({ branchName: 'Wimbledon' }).where(eq(agents.id, owner.branchId));
  branches = {
    wimbledon: owner.branchId,
    reading: await addBranch(db, owner.agencyId, 'Reading'),
    ryde: await addBranch(db, owner.agencyId, 'Ryde'),
  };
  manager = await addMember(app, db, {
    agencyId: owner.agencyId,
    role: 'branch-manager',
    branchIds: [branches.reading],
    name: 'Adam Price',
  });
  negotiator = await addMember(app, db, {
    agencyId: owner.agencyId,
    role: 'negotiator',
    branchIds: [branches.reading],
    name: 'Bea Nash',
  });
  const other = await agencyOwner(app, db, { name: 'Olive Stone' });
  otherAgencyBranch = other.branchId;
  await createListing(db, other.branchId, { title: 'Another agency listing' });

  const branchNames = { wimbledon: 'Wimbledon', reading: 'Reading', ryde: 'Ryde' };
  const people = {
    owner: { memberId: owner.memberId, name: 'Clara Whitmore' },
    manager: { memberId: manager.memberId, name: 'Adam Price' },
    negotiator: { memberId: negotiator.memberId, name: 'Bea Nash' },
  };
  /** A listing of branch `at`, assigned to `by` (or no one), created and updated `minutes` after the start. */
  const make = async ({
    at: branch,
    by,
    minutes: [created, updated],
    ...fields
  }: Omit<Fixture, 'id' | 'branch' | 'negotiator' | 'created' | 'updated'> & {
    at: keyof typeof branchNames;
    by: keyof typeof people | null;
    minutes: [number, number];
    mode?: 'sale' | 'rent';
    priceQualifier?: string;
  }): Promise<Fixture> => {
    const values = {
      ...fields,
      branchId: branches[branch],
      branch: branchNames[branch],
      negotiatorId: by ? people[by].memberId : null,
      negotiator: by ? people[by].name : null,
      created: at(created).getTime(),
      updated: at(updated).getTime(),
    };
    const row = await createListing(db, values.branchId, {
      title: values.title,
      mode: values.mode ?? 'sale',
      pricePence: values.price,
      priceQualifier: values.priceQualifier ?? null,
      status: values.status,
      approvalStatus: values.approval,
      viewCount: values.views,
      negotiatorId: values.negotiatorId,
      createdAt: new Date(values.created),
      updatedAt: new Date(values.updated),
    });
    // The fixture gives every listing two photos: keep `photos` of them.
    const photos = await db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, row.id));
    for (const photo of photos.slice(values.photos)) {
      await db.delete(propertyPhotos).where(eq(propertyPhotos.id, photo.id));
    }
    return { ...values, id: row.id };
  };
  listings = {
    a: await make({
      title: 'Apple Tree Cottage',
      at: 'wimbledon',
      by: 'owner',
      price: 450_000_00,
      status: 'active',
      approval: 'approved',
      views: 10,
      photos: 2,
      minutes: [0, 30],
    }),
    b: await make({
      title: 'barn conversion',
      at: 'reading',
      by: 'negotiator',
      // A price on application is stored at the search price (ADR 028).
      price: POA_SEARCH_PRICE_PENCE,
      priceQualifier: 'poa',
      status: 'under-offer',
      approval: 'approved',
      views: 5,
      photos: 0,
      minutes: [1, 10],
    }),
    c: await make({
      title: 'Canal-side flat',
      at: 'reading',
      by: null,
      mode: 'rent',
      // £1,950 pcm: a rent sorts by its monthly figure.
      price: 1_950_00,
      status: 'let-agreed',
      approval: 'pending',
      views: 10,
      photos: 2,
      minutes: [2, 0],
    }),
    d: await make({
      title: 'Dockside loft',
      at: 'ryde',
      by: 'manager',
      price: 450_000_00,
      status: 'draft',
      approval: 'rejected',
      views: 0,
      photos: 1,
      minutes: [3, 20],
    }),
    e: await make({
      title: 'Elm House',
      at: 'wimbledon',
      by: null,
      price: 300_000_00,
      priceQualifier: 'offers-over',
      status: 'sold',
      approval: 'approved',
      views: 99,
      photos: 2,
      minutes: [3, 40],
    }),
  };
});
afterAll(async () => {
  await handle?.close();
});

async function list(cookie: string, query = '') {
  const res = await callApi(app, 'GET', `/api/agent/properties${query}`, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  return AgentListingListSchema.parse(await readJson(res));
}
const idsOf = async (cookie: string, query: string) => (await list(cookie, query)).items.map((i) => i.id);

/** Each sort's key as the test sees it; null sorts after every value going up, as in Postgres. */
const KEYS: Record<AgentListingSort, (l: Fixture) => string | number | null> = {
  created: (l) => l.created,
  updated: (l) => l.updated,
  title: (l) => l.title.toLowerCase(),
  price: (l) => l.price,
  status: (l) => STATUS_RANK.indexOf(l.status),
  approval: (l) => APPROVAL_RANK.indexOf(l.approval),
  views: (l) => l.views,
  photos: (l) => l.photos,
  branch: (l) => l.branch.toLowerCase(),
  negotiator: (l) => l.negotiator?.toLowerCase() ?? null,
};

function ascending(sort: AgentListingSort): string[] {
  const key = KEYS[sort];
  return Object.values(listings)
    .sort((x, y) => {
      const [a, b] = [key(x), key(y)];
      if (a !== b) {
        if (a === null) return 1;
        if (b === null) return -1;
        return a < b ? -1 : 1;
      }
      return x.id < y.id ? -1 : 1;
    })
    .map((l) => l.id);
}

describe('sort', () => {
  test.each(AGENT_LISTING_SORTS)('by %s: ascending, and descending exactly reversed', async (sort) => {
    const up = ascending(sort);
    expect(await idsOf(owner.cookie, `?sort=${sort}&order=asc`)).toEqual(up);
    expect(await idsOf(owner.cookie, `?sort=${sort}&order=desc`)).toEqual([...up].reverse());
  });

  test('the default is newest first, the two created at the same minute by id', async () => {
    const { d, e } = listings;
    const tied = d.id > e.id ? [d.id, e.id] : [e.id, d.id];
    expect(await idsOf(owner.cookie, '')).toEqual([...tied, listings.c.id, listings.b.id, listings.a.id]);
    expect(await idsOf(owner.cookie, '?sort=created')).toEqual(await idsOf(owner.cookie, ''));
  });

  test('price: the rent by its pcm figure first, equal prices by id, a price on application last', async () => {
    const { a, b, c, d, e } = listings;
    const tied = a.id < d.id ? [a.id, d.id] : [d.id, a.id];
    expect(await idsOf(owner.cookie, '?sort=price&order=asc')).toEqual([c.id, e.id, ...tied, b.id]);
    // Highest first puts POA first, as the search does (ADR 028); the row shows no figure.
    const down = await list(owner.cookie, '?sort=price&order=desc');
    expect(down.items[0]).toMatchObject({ id: b.id, pricePence: null, priceQualifier: 'poa' });
  });

  test('negotiator: by name, unassigned after every name going up and first going down', async () => {
    const titles = async (query: string) => (await list(owner.cookie, query)).items.map((i) => i.title);
    const up = await titles('?sort=negotiator&order=asc');
    expect(up.slice(0, 3)).toEqual(['Dockside loft', 'barn conversion', 'Apple Tree Cottage']);
    expect(new Set(up.slice(3))).toEqual(new Set(['Canal-side flat', 'Elm House']));
    expect((await titles('?sort=negotiator&order=desc')).slice(2)).toEqual([
      'Apple Tree Cottage',
      'barn conversion',
      'Dockside loft',
    ]);
  });

  test('pages of a sort with ties neither overlap nor skip', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3])
      seen.push(...(await idsOf(owner.cookie, `?sort=views&order=desc&pageSize=2&page=${page}`)));
    expect(seen).toEqual([...ascending('views')].reverse());
  });

  test('an unknown sort or order is a 400', async () => {
    for (const query of ['?sort=bedrooms', '?order=up', '?sort=']) {
      const res = await callApi(app, 'GET', `/api/agent/properties${query}`, owner.cookie);
      expect(res.status, query).toBe(400);
      expect((await readJson(res)).error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('branch and negotiator', () => {
  test('each row names its branch and negotiator', async () => {
    const { items } = await list(owner.cookie);
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(listings.a.id)).toMatchObject({
      branchId: branches.wimbledon,
      branchName: 'Wimbledon',
      negotiatorId: owner.memberId,
      negotiatorName: 'Clara Whitmore',
    });
    expect(byId.get(listings.c.id)).toMatchObject({
      branchId: branches.reading,
      branchName: 'Reading',
      negotiatorId: null,
      negotiatorName: null,
    });
  });

  test("the owner filters by any of the agency's branches and by negotiator, or unassigned", async () => {
    const { a, b, c, d, e } = listings;
    const sorted = (ids: string[]) => [...ids].sort();
    expect(sorted(await idsOf(owner.cookie, `?branchId=${branches.reading}`))).toEqual(sorted([b.id, c.id]));
    expect(await idsOf(owner.cookie, `?branchId=${branches.ryde}`)).toEqual([d.id]);
    expect(await idsOf(owner.cookie, `?negotiatorId=${negotiator.memberId}`)).toEqual([b.id]);
    expect(sorted(await idsOf(owner.cookie, '?negotiatorId=unassigned'))).toEqual(sorted([c.id, e.id]));
    expect(await idsOf(owner.cookie, `?branchId=${branches.wimbledon}&negotiatorId=unassigned`)).toEqual([
      e.id,
    ]);
    const filtered = await list(owner.cookie, `?branchId=${branches.reading}&sort=title&order=asc`);
    expect(filtered.items.map((i) => i.id)).toEqual([b.id, c.id]);
    expect(filtered.total).toBe(2);
    // The stat cards still cover every listing.
    expect(filtered.stats.total).toBe(5);
    expect(await idsOf(owner.cookie, `?negotiatorId=${a.id}`)).toEqual([]);
  });

  test('the choices: the member’s branches and the people working in them, by name', async () => {
    const mine = await list(owner.cookie);
    expect(mine.branches).toEqual([
      { id: branches.reading, name: 'Reading' },
      { id: branches.ryde, name: 'Ryde' },
      { id: branches.wimbledon, name: 'Wimbledon' },
    ]);
    expect(mine.negotiators).toEqual([
      { id: manager.memberId, name: 'Adam Price' },
      { id: negotiator.memberId, name: 'Bea Nash' },
      { id: owner.memberId, name: 'Clara Whitmore' },
    ]);
    const theirs = await list(manager.cookie);
    expect(theirs.branches).toEqual([{ id: branches.reading, name: 'Reading' }]);
    expect(theirs.negotiators.map((n) => n.name)).toEqual(['Adam Price', 'Bea Nash', 'Clara Whitmore']);
  });

  test("a branch manager sees only their branches' listings; another branch is a 400", async () => {
    const { b, c } = listings;
    expect(await idsOf(manager.cookie, '?sort=title&order=asc')).toEqual([b.id, c.id]);
    expect(await idsOf(negotiator.cookie, `?branchId=${branches.reading}&sort=title`)).toEqual([c.id, b.id]);
    for (const branchId of [branches.wimbledon, otherAgencyBranch]) {
      const res = await callApi(app, 'GET', `/api/agent/properties?branchId=${branchId}`, manager.cookie);
      expect(res.status).toBe(400);
      expect((await readJson(res)).error).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'branchId', message: LISTING_MESSAGES.branchUnknown }],
      });
    }
  });

  test('a malformed branch or negotiator id is a 400', async () => {
    for (const query of ['?branchId=reading', '?negotiatorId=bea', '?negotiatorId=']) {
      const res = await callApi(app, 'GET', `/api/agent/properties${query}`, owner.cookie);
      expect(res.status, query).toBe(400);
    }
  });
});
