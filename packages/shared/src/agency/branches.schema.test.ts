import { describe, expect, test } from 'vitest';
import { hoursByDay } from '../agent/business-hours.ts';
import { AGENT_PROFILE_MESSAGES } from '../agent/profile.schema.ts';
import {
  BRANCH_MESSAGES,
  branchDisplayName,
  branchPageDescription,
  branchPageTitle,
  CreateBranchInputSchema,
  describeBusinessHours,
  NEW_BRANCH_FORM_VALUES,
  UpdateBranchInputSchema,
} from './branches.schema.ts';

const READING = {
  ...NEW_BRANCH_FORM_VALUES,
  branchName: ' Reading ',
  name: 'Imran Castell',
  email: 'Reading@Example.com',
  phone: '0118 496 0101',
  address: 'Parkside Road, Reading RG30 2BY',
  businessHours: { monday: '9:00 to 17:30', tuesday: '' },
};

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('hours', () => {
  test('per day and per span of days both read as one text per day; keys naming no day are dropped', () => {
    expect(
      hoursByDay({ 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00', Holidays: 'Closed' }),
    ).toEqual({
      monday: '9:00 to 17:30',
      tuesday: '9:00 to 17:30',
      wednesday: '9:00 to 17:30',
      thursday: '9:00 to 17:30',
      friday: '9:00 to 17:30',
      saturday: '9:00 to 16:00',
    });
    expect(hoursByDay({ monday: '9–5', 'Sat-Sun': 'x' })).toEqual({ monday: '9–5' });
    expect(hoursByDay(null)).toEqual({});
  });

  test('consecutive days with the same hours are one line, Monday first', () => {
    expect(
      describeBusinessHours({
        saturday: '9:00 to 16:00',
        monday: '9:00 to 17:30',
        tuesday: '9:00 to 17:30',
        wednesday: '9:00 to 17:30',
        thursday: '9:00 to 19:00',
        friday: '9:00 to 17:30',
        sunday: 'Closed',
      }),
    ).toEqual([
      { days: 'Monday to Wednesday', hours: '9:00 to 17:30' },
      { days: 'Thursday', hours: '9:00 to 19:00' },
      { days: 'Friday', hours: '9:00 to 17:30' },
      { days: 'Saturday', hours: '9:00 to 16:00' },
      { days: 'Sunday', hours: 'Closed' },
    ]);
    expect(describeBusinessHours({ 'Monday to Friday': '9:00 to 17:30' })).toEqual([
      { days: 'Monday to Friday', hours: '9:00 to 17:30' },
    ]);
  });
});

describe('CreateBranchInputSchema', () => {
  test('a branch is stored as the profile would store it, without an agency name', () => {
    const parsed = CreateBranchInputSchema.parse({ ...READING, agencyName: 'Typed' });
    expect(parsed).toMatchObject({
      branchName: 'Reading',
      email: 'reading@example.com',
      phoneSecondary: null,
      businessHours: { monday: '9:00 to 17:30' },
      handlesSales: true,
      handlesLettings: true,
      yearsExperience: 0,
    });
    expect(parsed).not.toHaveProperty('agencyName');
  });

  test('the branch name and a department are required, beside the profile rules', () => {
    const result = CreateBranchInputSchema.safeParse({
      ...READING,
      branchName: '',
      phone: '',
      handlesSales: false,
      handlesLettings: false,
    });
    expect(issuesOf(result)).toEqual({
      branchName: BRANCH_MESSAGES.branchNameRequired,
      phone: AGENT_PROFILE_MESSAGES.phoneRequired,
      handlesSales: BRANCH_MESSAGES.departmentRequired,
    });
  });

  test('a PATCH is partial: one department alone is left to the server; both off is refused; {} is refused', () => {
    expect(UpdateBranchInputSchema.parse({ handlesSales: false })).toEqual({ handlesSales: false });
    expect(
      issuesOf(UpdateBranchInputSchema.safeParse({ handlesSales: false, handlesLettings: false })),
    ).toEqual({
      handlesSales: BRANCH_MESSAGES.departmentRequired,
    });
    expect(UpdateBranchInputSchema.safeParse({}).success).toBe(false);
    expect(issuesOf(UpdateBranchInputSchema.safeParse({ branchName: null }))).toEqual({
      branchName: BRANCH_MESSAGES.branchNameRequired,
    });
  });
});

test('names, titles and descriptions of a branch page', () => {
  const branch = {
    agencyName: 'Harbour & Vale',
    branchName: 'Wimbledon',
    handlesSales: true,
    handlesLettings: false,
    address: 'Wimbledon, London SW19',
    phone: '020 7946 0101',
  };
  expect(branchDisplayName(branch)).toBe('Harbour & Vale, Wimbledon');
  expect(branchDisplayName({ agencyName: 'Wimbledon', branchName: 'wimbledon' })).toBe('Wimbledon');
  expect(branchPageTitle(branch)).toBe('Harbour & Vale, Wimbledon: Estate agents');
  expect(branchPageTitle({ ...branch, handlesLettings: true })).toBe(
    'Harbour & Vale, Wimbledon: Estate and letting agents',
  );
  expect(branchPageDescription(branch, { sale: 1234, rent: 1 })).toBe(
    '1,234 properties for sale and 1 to rent from Harbour & Vale, Wimbledon. Wimbledon, London SW19. 020 7946 0101.',
  );
  expect(branchPageDescription({ ...branch, address: null }, { sale: 0, rent: 1 })).toBe(
    '1 property to rent from Harbour & Vale, Wimbledon. 020 7946 0101.',
  );
});
