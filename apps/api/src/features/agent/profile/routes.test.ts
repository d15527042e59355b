/**
 * `/api/agent/profile` (REQ-AGENT-12, REQ-AGENT-13, REQ-AUTH-10) over HTTP on a real database: the guard
 * (visitor 401, client 403, an agent without a profile 404), the profile and quick stats, validation messages,
 * normalised chips and years, creating a missing profile (REQ-AGENT-02), and that an agent's writes only ever touch the
 * caller's own row.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AGENT_PROFILE_MESSAGES,
  AgentProfileResponseSchema,
  type UpdateAgentProfileFormInput,
} from '@abode/shared/agent/profile.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { agencyMembers, enquiries, users } from '#src/db/schema.ts';
import { signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { callApi, readJson, validationErrorsOf } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { getAgentProfile } from './get-agent-profile.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const clock = new Date('2026-11-23T10:00:00.000Z');
let agentA: { userId: string; cookie: string };
let agentB: { userId: string; cookie: string };
let client: { cookie: string };

const agentRowOf = async (userId: string) => {
  const [row] = await branchesOfUser(handle.db, userId);
  return row!;
};

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, cookie, body);

const VALID: UpdateAgentProfileFormInput = {
  name: 'Priya Shah',
  agencyName: 'Harbour & Vale',
  branchName: 'Wimbledon',
  email: 'Priya.Shah@Example.com ',
  phone: '020 7946 0123',
  phoneSecondary: '',
  bio: 'Selling homes in SW19 since 2012.',
  address: 'Cowper Road, London SW19 1AA',
  websiteUrl: 'https://www.harbourandvale.example.co.uk',
  socialLinks: { linkedin: 'https://www.linkedin.com/in/priya', facebook: '' },
  businessHours: { monday: '9am–5:30pm' },
  certifications: ['ARLA Propertymark'],
  languages: ['English', 'Gujarati'],
  yearsExperience: '12',
};

async function patch(cookie: string, body: unknown) {
  return call('PATCH', '/api/agent/profile', cookie, body);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  app = createApp({ db: handle.db, now: () => clock });
  agentA = await signedInUser(app, handle.db, { role: 'agent' });
  agentB = await signedInUser(app, handle.db, { role: 'agent' });
  client = await signedInUser(app, handle.db);
});
afterAll(async () => {
  await handle?.close();
});

describe('guard', () => {
  test.each([
    ['GET', undefined],
    ['PATCH', VALID],
  ] as const)('%s: visitor 401, client 403, both no-store', async (method, body) => {
    const visitor = await call(method, '/api/agent/profile', undefined, body);
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('Cache-Control')).toBe('no-store');
    const asClient = await call(method, '/api/agent/profile', client.cookie, body);
    expect(asClient.status).toBe(403);
    expect((await readJson(asClient)).error.message).toBe(MESSAGES.authorization);
  });
});

describe('GET', () => {
  test("returns the caller's own row and quick stats", async () => {
    const row = await agentRowOf(agentA.userId);
    await createListing(handle.db, row.id);
    await createListing(handle.db, row.id, { status: 'draft' });
    await createListing(handle.db, row.id, { isDeleted: true });
    await handle.db.insert(enquiries).values({
      agentId: row.id,
      message: 'Is it still available?',
      contactInfo: { name: 'Sam', email: 'sam@example.com' },
    });

    const res = await call('GET', '/api/agent/profile', agentA.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = AgentProfileResponseSchema.parse(await readJson(res));
    expect(body.agent.id).toBe(row.id);
    expect(body.agent.userId).toBe(agentA.userId);
    expect(body.agent.notifyNewEnquiries).toBe(true);
    expect(body.stats).toEqual({
      activeListings: 1,
      totalListings: 2,
      totalEnquiries: 1,
      memberSince: row.createdAt.toISOString(),
    });
  });

  test("an agent user whose agents row is gone gets 404 'Agent profile not found', never another row", async () => {
    const lost = await signedInUser(app, handle.db, { role: 'agent' });
    await handle.db.delete(agencyMembers).where(eq(agencyMembers.userId, lost.userId));
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', VALID],
    ] as const) {
      const res = await call(method, '/api/agent/profile', lost.cookie, body);
      expect(res.status).toBe(404);
      expect((await readJson(res)).error).toEqual({
        code: 'NOT_FOUND',
        message: MESSAGES.agentProfileNotFound,
      });
    }
  });

  test("a missing row is NOT_FOUND 'Agent profile not found' (the handler's own check)", async () => {
    await expect(
      getAgentProfile(handle.db, '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c', agentA.userId),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: MESSAGES.agentProfileNotFound,
    });
  });
});

describe('POST (create a missing profile, REQ-AGENT-02)', () => {
  test('an agent user without a profile creates one (201), then every agent route answers', async () => {
    const lost = await signedInUser(app, handle.db, { role: 'agent' });
    await handle.db.delete(agencyMembers).where(eq(agencyMembers.userId, lost.userId));
    expect((await call('GET', '/api/agent/dashboard', lost.cookie)).status).toBe(404);

    const res = await call('POST', '/api/agent/profile', lost.cookie, {
      ...VALID,
      userId: agentA.userId,
      id: (await agentRowOf(agentA.userId)).id,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = AgentProfileResponseSchema.parse(await readJson(res));
    // The caller's own row, whatever ids the body names; stored as PATCH stores it.
    expect(body.agent).toMatchObject({
      userId: lost.userId,
      name: 'Priya Shah',
      email: 'priya.shah@example.com',
      phone: '020 7946 0123',
      phoneSecondary: null,
      yearsExperience: 12,
      languages: ['English', 'Gujarati'],
    });
    expect(body.stats).toMatchObject({ activeListings: 0, totalListings: 0, totalEnquiries: 0 });
    expect((await agentRowOf(lost.userId)).id).toBe(body.agent.id);
    expect((await agentRowOf(agentA.userId)).id).not.toBe(body.agent.id);

    expect((await call('GET', '/api/agent/profile', lost.cookie)).status).toBe(200);
    expect((await call('GET', '/api/agent/dashboard', lost.cookie)).status).toBe(200);
  });

  test("409 'You already have an agent profile' when the caller has one; nothing changes", async () => {
    const before = await agentRowOf(agentB.userId);
    const res = await call('POST', '/api/agent/profile', agentB.cookie, { ...VALID, name: 'Someone Else' });
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toEqual({
      code: 'CONFLICT',
      message: AGENT_PROFILE_MESSAGES.profileExists,
    });
    expect(await agentRowOf(agentB.userId)).toEqual(before);
  });

  test('a whole profile is required, checked like the form; visitor 401, client 403', async () => {
    const lost = await signedInUser(app, handle.db, { role: 'agent' });
    await handle.db.delete(agencyMembers).where(eq(agencyMembers.userId, lost.userId));
    const errors = await validationErrorsOf(
      await call('POST', '/api/agent/profile', lost.cookie, { ...VALID, phone: '-----', email: '' }),
    );
    expect(errors).toMatchObject({
      phone: MESSAGES.contactPhoneDigits,
      email: AGENT_PROFILE_MESSAGES.emailRequired,
    });
    expect(await branchesOfUser(handle.db, lost.userId)).toEqual([]);
    expect((await call('POST', '/api/agent/profile', undefined, VALID)).status).toBe(401);
    expect((await call('POST', '/api/agent/profile', client.cookie, VALID)).status).toBe(403);
  });
});

describe('PATCH', () => {
  test('saves and normalises every field, and returns the saved profile', async () => {
    const res = await patch(agentA.cookie, {
      ...VALID,
      name: '  <b>Priya</b> Shah ',
      certifications: [' ARLA Propertymark ', 'arla propertymark', '', 'NAEA'],
      yearsExperience: '12.9 years',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { agent } = AgentProfileResponseSchema.parse(await readJson(res));
    expect(agent).toMatchObject({
      name: 'bPriya/b Shah',
      email: 'priya.shah@example.com',
      phone: '020 7946 0123',
      phoneSecondary: null,
      websiteUrl: 'https://www.harbourandvale.example.co.uk/',
      socialLinks: { linkedin: 'https://www.linkedin.com/in/priya' },
      businessHours: { monday: '9am–5:30pm' },
      certifications: ['ARLA Propertymark', 'NAEA'],
      languages: ['English', 'Gujarati'],
      yearsExperience: 12,
    });
    const row = await agentRowOf(agentA.userId);
    expect(row.certifications).toEqual(['ARLA Propertymark', 'NAEA']);
    expect(row.yearsExperience).toBe(12);
    expect(row.updatedAt.toISOString()).toBe(clock.toISOString());
  });

  test('years of experience that are not a number become 0 (REQ-AGENT-13)', async () => {
    const res = await patch(agentA.cookie, { ...VALID, yearsExperience: 'lots' });
    expect(res.status).toBe(200);
    expect((await readJson(res)).agent.yearsExperience).toBe(0);
  });

  test('reports each invalid field with its message', async () => {
    const errors = await validationErrorsOf(
      await patch(agentA.cookie, {
        ...VALID,
        name: '  ',
        agencyName: '',
        branchName: '<>',
        email: 'not-an-email',
        phone: '12',
        websiteUrl: 'javascript:alert(1)',
        socialLinks: {
          linkedin: 'https://evil.example/linkedin.com',
          facebook: 'https://facebook.com.evil.example',
        },
        bio: 'x'.repeat(2001),
        languages: ['a'.repeat(51)],
        certifications: Array.from({ length: 21 }, (_, i) => `Cert ${i}`),
        yearsExperience: '71',
      }),
    );
    expect(errors).toEqual({
      name: AGENT_PROFILE_MESSAGES.nameRequired,
      agencyName: AGENT_PROFILE_MESSAGES.agencyOrBranchRequired,
      email: MESSAGES.contactInvalidEmail,
      phone: MESSAGES.contactPhoneLength,
      websiteUrl: AGENT_PROFILE_MESSAGES.invalidUrl,
      'socialLinks.linkedin': AGENT_PROFILE_MESSAGES.invalidLinkedin,
      'socialLinks.facebook': AGENT_PROFILE_MESSAGES.invalidFacebook,
      bio: AGENT_PROFILE_MESSAGES.bioTooLong,
      'languages.0': AGENT_PROFILE_MESSAGES.chipTooLong,
      certifications: AGENT_PROFILE_MESSAGES.tooManyChips,
      yearsExperience: AGENT_PROFILE_MESSAGES.yearsRange,
    });
  });

  test('e-mail and primary phone are required', async () => {
    const errors = await validationErrorsOf(await patch(agentA.cookie, { ...VALID, email: '', phone: null }));
    expect(errors).toEqual({
      email: AGENT_PROFILE_MESSAGES.emailRequired,
      phone: AGENT_PROFILE_MESSAGES.phoneRequired,
    });
  });

  test("agent B's PATCH changes only B's row; ids in the body are ignored", async () => {
    const before = await agentRowOf(agentA.userId);
    const rowB = await agentRowOf(agentB.userId);
    const res = await patch(agentB.cookie, {
      ...VALID,
      id: before.id,
      userId: agentA.userId,
      name: 'Bea Jones',
      agencyName: 'Jones Lettings',
    });
    expect(res.status).toBe(200);
    expect((await readJson(res)).agent.id).toBe(rowB.id);
    expect((await agentRowOf(agentB.userId)).name).toBe('Bea Jones');
    expect(await agentRowOf(agentA.userId)).toEqual(before);
  });

  test('a failed PATCH changes nothing', async () => {
    const before = await agentRowOf(agentA.userId);
    const res = await patch(agentA.cookie, { ...VALID, name: 'Changed', email: 'nope' });
    expect(res.status).toBe(400);
    expect(await agentRowOf(agentA.userId)).toEqual(before);
  });

  test('PATCH is partial: a field left out keeps its value; null or blank clears an optional one (REQ-CLIENT-16)', async () => {
    const agent = await signedInUser(app, handle.db, { role: 'agent' });
    expect((await patch(agent.cookie, VALID)).status).toBe(200);
    const before = await agentRowOf(agent.userId);

    // Only the bio: every other field stays (they were erased before partial updates, REQ-CLIENT-16).
    const bioOnly = await patch(agent.cookie, { bio: 'Lettings\r\nand sales.' });
    expect(bioOnly.status, await bioOnly.clone().text()).toBe(200);
    expect({ ...(await agentRowOf(agent.userId)), updatedAt: before.updatedAt }).toEqual({
      ...before,
      bio: 'Lettings\nand sales.',
    });

    // null and '' clear optional fields, chips and links; the rest stays.
    const cleared = await patch(agent.cookie, {
      bio: null,
      phoneSecondary: '',
      websiteUrl: null,
      certifications: null,
      socialLinks: null,
      branchName: '',
    });
    expect(cleared.status, await cleared.clone().text()).toBe(200);
    expect(await agentRowOf(agent.userId)).toMatchObject({
      name: before.name,
      agencyName: before.agencyName,
      email: before.email,
      phone: before.phone,
      languages: before.languages,
      businessHours: before.businessHours,
      yearsExperience: before.yearsExperience,
      bio: null,
      phoneSecondary: null,
      websiteUrl: null,
      certifications: [],
      socialLinks: {},
      branchName: null,
    });
  });

  test('required fields cannot be cleared, nor both agency and branch name; nothing changes (REQ-SEC)', async () => {
    const agent = await signedInUser(app, handle.db, { role: 'agent' });
    expect((await patch(agent.cookie, { ...VALID, branchName: '' })).status).toBe(200);
    const before = await agentRowOf(agent.userId);
    expect(await validationErrorsOf(await patch(agent.cookie, { name: null, phone: '' }))).toEqual({
      name: AGENT_PROFILE_MESSAGES.nameRequired,
      phone: AGENT_PROFILE_MESSAGES.phoneRequired,
    });
    expect(await validationErrorsOf(await patch(agent.cookie, { email: null }))).toEqual({
      email: AGENT_PROFILE_MESSAGES.emailRequired,
    });
    // The agency name is the only one stored: clearing it alone would leave neither (checked on the result).
    expect(await validationErrorsOf(await patch(agent.cookie, { agencyName: null }))).toEqual({
      agencyName: AGENT_PROFILE_MESSAGES.agencyOrBranchRequired,
    });
    expect(await validationErrorsOf(await patch(agent.cookie, {}))).toEqual({ '': MESSAGES.validation });
    expect(await agentRowOf(agent.userId)).toEqual(before);
    // Swapping one name for the other in one PATCH is fine.
    const swapped = await patch(agent.cookie, { agencyName: null, branchName: 'Leeds' });
    expect(swapped.status).toBe(200);
    expect(await agentRowOf(agent.userId)).toMatchObject({ agencyName: null, branchName: 'Leeds' });
  });

  test('the user row is not the profile: changing the profile e-mail does not change the sign-in e-mail', async () => {
    const [userBefore] = await handle.db.select().from(users).where(eq(users.id, agentA.userId));
    await patch(agentA.cookie, { ...VALID, email: 'office@example.com' });
    const [userAfter] = await handle.db.select().from(users).where(eq(users.id, agentA.userId));
    expect(userAfter!.email).toBe(userBefore!.email);
  });
});
