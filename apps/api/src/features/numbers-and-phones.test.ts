/**
 * Phones and numbers over HTTP (REQ-ENQ-02 item 9; REQ-ENQ-02 and Number): a phone needs at least 5 digits
 * wherever one is accepted ('-----' is five characters but no number), and a number carried as text is plain decimal
 * digits — '1e5' or '0x10' is refused with a 400, not read as 100000 or 16.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { enquiries, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createAgent, createListing } from '#src/testing/fixtures.ts';
import { callApi, errorMessagesOf, type ApiCallArgs } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let agent: { cookie: string; userId: string };
let client: { cookie: string; userId: string };

const call = (...args: ApiCallArgs) => callApi(app, ...args);

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, trustProxy: true });
  agent = await signedInUser(app, handle.db, { role: 'agent' });
  client = await signedInUser(app, handle.db);
});
afterAll(async () => {
  await handle?.close();
});

describe('a phone needs at least 5 digits', () => {
  test('POST /api/enquiries: a phone of punctuation only is refused and nothing is stored', async () => {
    const listing = await createListing(handle.db, (await createAgent(handle.db)).id);
    const body = {
      propertyId: listing.id,
      name: 'Jo Bloggs',
      email: 'jo@example.com',
      message: 'Is it free?',
    };
    const refused = await call('POST', '/api/enquiries', undefined, { ...body, phone: '-----' });
    expect(refused.status).toBe(400);
    expect(await errorMessagesOf(refused)).toContain(MESSAGES.contactPhoneDigits);
    expect(await handle.db.select().from(enquiries).where(eq(enquiries.propertyId, listing.id))).toEqual([]);
    const sent = await call('POST', '/api/enquiries', undefined, { ...body, phone: '07700 900123' });
    expect(sent.status).toBe(201);
  });

  test('PATCH /api/me/profile: refused, and the stored phone is unchanged', async () => {
    expect((await call('PATCH', '/api/me/profile', client.cookie, { phone: '020 7946 0000' })).status).toBe(
      200,
    );
    const refused = await call('PATCH', '/api/me/profile', client.cookie, { phone: '(-) - -' });
    expect(refused.status).toBe(400);
    expect(await errorMessagesOf(refused)).toContain(MESSAGES.contactPhoneDigits);
    const [row] = await handle.db.select().from(users).where(eq(users.id, client.userId));
    expect(row!.phone).toBe('020 7946 0000');
  });

  test('PATCH /api/agent/profile: primary and secondary phone both refused', async () => {
    for (const field of ['phone', 'phoneSecondary']) {
      const refused = await call('PATCH', '/api/agent/profile', agent.cookie, { [field]: '+ --- ()' });
      expect(refused.status).toBe(400);
      expect(await errorMessagesOf(refused)).toContain(MESSAGES.contactPhoneDigits);
    }
    const [row] = await branchesOfUser(handle.db, agent.userId);
    expect(row!.phoneSecondary).toBeNull();
  });
});

describe('numbers in a query are plain digits', () => {
  test('GET /api/properties: 1e5, 0x10 and 2e0 are a 400; plain digits are read', async () => {
    for (const query of [
      'minPrice=1e5',
      'maxPrice=0x10',
      'bedrooms=2e0',
      'bathrooms=%2B1',
      'page=1e1',
      'radius=1e0',
    ]) {
      const res = await call('GET', `/api/properties?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await call('GET', '/api/properties?minPrice=100000&bedrooms=2&page=1')).status).toBe(200);
  });

  test('the agent lists: page=1e1 and pageSize=1e1 are a 400', async () => {
    expect((await call('GET', '/api/agent/properties?page=1e1', agent.cookie)).status).toBe(400);
    expect((await call('GET', '/api/agent/properties?page=2', agent.cookie)).status).toBe(200);
    expect((await call('GET', '/api/agent/enquiries?pageSize=1e1', agent.cookie)).status).toBe(400);
  });
});
