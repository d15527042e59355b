import { describe, expect, test } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  addChip,
  AGENT_PROFILE_MESSAGES,
  CHIPS_MAX_COUNT,
  normaliseChips,
  UpdateAgentProfileSchema,
  AgentProfileChangesSchema,
  hasAgencyOrBranch,
  type AgentProfile,
} from './profile.schema.ts';
import { profileFormValues } from './profile-form-values.ts';
import { normaliseHttpUrl, parseYearsExperience } from './profile-values.ts';

const VALID = {
  name: 'Priya Shah',
  agencyName: '',
  branchName: 'Wimbledon',
  email: 'priya@example.com',
  phone: '020 7946 0123',
};

describe('parseYearsExperience (REQ-AGENT: parsed as an integer, non-numbers become 0)', () => {
  test.each([
    ['12', 12],
    [' 7 ', 7],
    ['12.9 years', 12],
    ['many', 0],
    ['', 0],
    [null, 0],
    [3.7, 3],
    [Number.NaN, 0],
    ['-4', -4],
  ])('%j → %i', (input, expected) => {
    expect(parseYearsExperience(input)).toBe(expected);
  });
});

describe('normaliseHttpUrl', () => {
  test('accepts http(s) and adds https:// to a bare host', () => {
    expect(normaliseHttpUrl(' https://example.co.uk/about ')).toBe('https://example.co.uk/about');
    expect(normaliseHttpUrl('www.example.co.uk')).toBe('https://www.example.co.uk/');
  });
  test.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,x',
    'ftp://example.com',
    'http://localhost',
    'https://user:pw@example.com',
  ])('refuses %s', (url) => {
    expect(normaliseHttpUrl(url)).toBeNull();
  });
});

describe('chips', () => {
  test('normaliseChips trims, drops blanks and case-insensitive duplicates, strips < >', () => {
    expect(normaliseChips([' English ', '', 'english', '<b>Welsh</b>', '  '])).toEqual([
      'English',
      'bWelsh/b',
    ]);
  });
  test('addChip trims, ignores blank, refuses duplicates, over-long and the 21st', () => {
    expect(addChip(['English'], '  Polish ')).toEqual({ list: ['English', 'Polish'] });
    expect(addChip(['English'], '   ')).toEqual({ list: ['English'] });
    expect(addChip(['English'], 'ENGLISH').error).toBe(AGENT_PROFILE_MESSAGES.chipDuplicate);
    expect(addChip([], 'x'.repeat(51)).error).toBe(AGENT_PROFILE_MESSAGES.chipTooLong);
    const full = Array.from({ length: CHIPS_MAX_COUNT }, (_, i) => `L${i}`);
    expect(addChip(full, 'One more')).toEqual({ list: full, error: AGENT_PROFILE_MESSAGES.tooManyChips });
  });
});

describe('UpdateAgentProfileSchema', () => {
  test('a body that is not an object fails cleanly instead of throwing (the OpenAPI generator probes null)', () => {
    for (const body of [null, undefined, 'profile', 42]) {
      expect(() => UpdateAgentProfileSchema.safeParse(body)).not.toThrow();
      expect(UpdateAgentProfileSchema.safeParse(body).success).toBe(false);
    }
  });

  test('a minimal valid profile: blanks become null, a branch alone is enough', () => {
    expect(UpdateAgentProfileSchema.parse(VALID)).toEqual({
      ...VALID,
      agencyName: null,
      phoneSecondary: null,
      bio: null,
      address: null,
      websiteUrl: null,
      socialLinks: {},
      businessHours: null,
      certifications: [],
      languages: [],
      yearsExperience: 0,
    });
  });

  test('keeps apostrophes and ampersands (REQ-AGENT) and cleans phones (REQ-AGENT)', () => {
    const out = UpdateAgentProfileSchema.parse({
      ...VALID,
      name: "Siân O'Neill",
      agencyName: 'Smith & Sons',
      phone: 'tel: +44 (0)20 7946 0123',
    });
    expect(out).toMatchObject({
      name: "Siân O'Neill",
      agencyName: 'Smith & Sons',
      phone: '+44 (0)20 7946 0123',
    });
  });

  test('social links must be on their own site', () => {
    const ok = UpdateAgentProfileSchema.parse({
      ...VALID,
      socialLinks: { linkedin: 'uk.linkedin.com/in/priya', facebook: 'https://www.facebook.com/harbourvale' },
    });
    expect(ok.socialLinks).toEqual({
      linkedin: 'https://uk.linkedin.com/in/priya',
      facebook: 'https://www.facebook.com/harbourvale',
    });
    const bad = UpdateAgentProfileSchema.safeParse({
      ...VALID,
      socialLinks: {
        linkedin: 'https://notlinkedin.com/in/x',
        facebook: 'https://facebook.com.evil.example',
      },
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['socialLinks.linkedin', AGENT_PROFILE_MESSAGES.invalidLinkedin],
      ['socialLinks.facebook', AGENT_PROFILE_MESSAGES.invalidFacebook],
    ]);
  });

  test('reports the agency/branch rule together with other errors', () => {
    const r = UpdateAgentProfileSchema.safeParse({
      ...VALID,
      branchName: ' ',
      email: 'x',
      phoneSecondary: '1',
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', MESSAGES.contactInvalidEmail],
      ['phoneSecondary', MESSAGES.contactPhoneLength],
      ['agencyName', AGENT_PROFILE_MESSAGES.agencyOrBranchRequired],
    ]);
  });

  test('years must be 0–70 after parsing', () => {
    expect(UpdateAgentProfileSchema.parse({ ...VALID, yearsExperience: '70' }).yearsExperience).toBe(70);
    expect(
      UpdateAgentProfileSchema.safeParse({ ...VALID, yearsExperience: '-1' }).error?.issues[0]?.message,
    ).toBe(AGENT_PROFILE_MESSAGES.yearsRange);
  });

  test('business hours keep the named days only, blank days dropped', () => {
    const out = UpdateAgentProfileSchema.parse({
      ...VALID,
      businessHours: { monday: ' 9am–5pm ', sunday: '' },
    });
    expect(out.businessHours).toEqual({ monday: '9am–5pm' });
  });
});

test('one-line fields fold line breaks and lose control and bidi characters; the bio keeps its lines', () => {
  const out = UpdateAgentProfileSchema.parse({
    ...VALID,
    name: 'Priya\r\nShah\u202e',
    branchName: 'Harbour\t&\nVale\u2066',
    address: '1 High St\nLeeds',
    businessHours: { monday: '9am\n5pm' },
    certifications: ['ARLA\nPropertymark'],
    bio: 'Line 1\r\nLine 2\u202e',
  });
  expect(out).toMatchObject({
    name: 'Priya Shah',
    branchName: 'Harbour & Vale',
    address: '1 High St Leeds',
    businessHours: { monday: '9am 5pm' },
    certifications: ['ARLA Propertymark'],
    bio: 'Line 1\nLine 2',
  });
});

describe('AgentProfileChangesSchema (PATCH /api/agent/profile, REQ-SEC)', () => {
  test('a field left out stays out (unchanged); null or blank clears an optional field', () => {
    expect(AgentProfileChangesSchema.parse({ bio: ' Lettings since 2010 ' })).toEqual({
      bio: 'Lettings since 2010',
    });
    expect(AgentProfileChangesSchema.parse({ bio: null, phoneSecondary: '' })).toEqual({
      bio: null,
      phoneSecondary: null,
    });
    expect(AgentProfileChangesSchema.parse({ certifications: null, socialLinks: null })).toEqual({
      certifications: [],
      socialLinks: {},
    });
  });

  test.each([
    [{ name: null }, [['name', AGENT_PROFILE_MESSAGES.nameRequired]]],
    [{ email: '' }, [['email', AGENT_PROFILE_MESSAGES.emailRequired]]],
    [{ phone: null }, [['phone', AGENT_PROFILE_MESSAGES.phoneRequired]]],
    [{ websiteUrl: 'javascript:alert(1)' }, [['websiteUrl', AGENT_PROFILE_MESSAGES.invalidUrl]]],
    [{}, [['', MESSAGES.validation]]],
    [{ logoUrl: 'https://x.example/a.png' }, [['', MESSAGES.validation]]],
  ])(
    'required fields cannot be cleared; sent fields are checked; no field is refused: %j',
    (body, expected) =>
      expect(
        AgentProfileChangesSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]),
      ).toEqual(expected),
  );

  test('hasAgencyOrBranch: one of the two is enough', () => {
    expect(hasAgencyOrBranch({ agencyName: 'Harbour', branchName: null })).toBe(true);
    expect(hasAgencyOrBranch({ agencyName: null, branchName: 'Leeds' })).toBe(true);
    expect(hasAgencyOrBranch({ agencyName: null, branchName: null })).toBe(false);
  });
});

test('a stored profile whose hours span days (the demo: Monday to Friday) opens in the form as one text per day and saves', () => {
  const stored: AgentProfile = {
    id: '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f',
    userId: 'user-1',
    agencyId: '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f',
    slug: 'harbour-and-vale-wimbledon-7d0c5a1e',
    handlesSales: true,
    handlesLettings: true,
    name: 'Clara Whitmore',
    branchName: 'Wimbledon',
    agencyName: 'Harbour & Vale',
    email: 'clara.whitmore@example.com',
    phone: '020 7946 0101',
    phoneSecondary: null,
    bio: null,
    address: 'Wimbledon, London SW19',
    websiteUrl: null,
    socialLinks: {},
    businessHours: { 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00', Sunday: 'Closed' },
    certifications: [],
    languages: ['English'],
    yearsExperience: 3,
    logoUrl: null,
    notifyNewEnquiries: true,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
  };
  const values = profileFormValues(stored);
  expect(values.businessHours).toMatchObject({
    monday: '9:00 to 17:30',
    friday: '9:00 to 17:30',
    sunday: 'Closed',
  });
  const saved = UpdateAgentProfileSchema.safeParse(values);
  expect(saved.success).toBe(true);
  expect(saved.data?.businessHours?.saturday).toBe('9:00 to 16:00');
});
