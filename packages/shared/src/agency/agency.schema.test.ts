import { describe, expect, test } from 'vitest';
import {
  AGENCY_MESSAGES,
  agencyFormValues,
  complianceChanged,
  complianceGaps,
  UpdateAgencyInputSchema,
  type Agency,
  type ComplianceDetails,
} from './agency.schema.ts';

const NONE: ComplianceDetails = {
  redressScheme: null,
  redressMembershipNumber: null,
  cmpScheme: null,
  cmpMembershipNumber: null,
};
const FULL: ComplianceDetails = {
  redressScheme: 'tpo',
  redressMembershipNumber: 'T01234',
  cmpScheme: 'ukala',
  cmpMembershipNumber: 'U-77',
};
const FORM = { name: 'Harbour & Vale', ...NONE };

/** The messages of a failed parse, by field. */
function errors(input: unknown): Record<string, string> {
  const result = UpdateAgencyInputSchema.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('complianceGaps', () => {
  test('a redress scheme and number always; client money protection only when a branch lets', () => {
    expect(complianceGaps(NONE, false)).toEqual(['redress']);
    expect(complianceGaps(NONE, true)).toEqual(['redress', 'cmp']);
    expect(complianceGaps({ ...FULL, cmpScheme: null }, true)).toEqual(['cmp']);
    expect(complianceGaps({ ...FULL, cmpScheme: null, cmpMembershipNumber: null }, false)).toEqual([]);
    expect(complianceGaps(FULL, true)).toEqual([]);
  });
});

describe('complianceChanged', () => {
  test('any scheme or number differing is a change; the same details are not', () => {
    expect(complianceChanged(FULL, { ...FULL })).toBe(false);
    for (const key of Object.keys(FULL) as (keyof ComplianceDetails)[])
      expect(complianceChanged(FULL, { ...FULL, [key]: null }), key).toBe(true);
  });
});

describe('UpdateAgencyInputSchema', () => {
  test('numbers are trimmed and upper-cased; blank values and empty selects are none', () => {
    expect(
      UpdateAgencyInputSchema.parse({
        name: '  Harbour <b>&</b> Vale ',
        redressScheme: 'prs',
        redressMembershipNumber: ' prs-00123 ',
        cmpScheme: '',
        cmpMembershipNumber: '   ',
      }),
    ).toEqual({
      name: 'Harbour b&/b Vale',
      redressScheme: 'prs',
      redressMembershipNumber: 'PRS-00123',
      cmpScheme: null,
      cmpMembershipNumber: null,
    });
  });

  test.each(['ab', 'A'.repeat(21), 'T0 1234', 'T01234!', 'T01/234'])('%j is not a membership number', (n) => {
    expect(errors({ ...FORM, redressScheme: 'tpo', redressMembershipNumber: n })).toEqual({
      redressMembershipNumber: AGENCY_MESSAGES.numberInvalid,
    });
  });

  test('each scheme goes with its number, reported on the missing half, alongside other errors', () => {
    expect(
      errors({
        name: '',
        redressScheme: 'tpo',
        redressMembershipNumber: '',
        cmpScheme: null,
        cmpMembershipNumber: 'C123',
      }),
    ).toEqual({
      name: AGENCY_MESSAGES.nameRequired,
      redressMembershipNumber: AGENCY_MESSAGES.redressNumberRequired,
      cmpScheme: AGENCY_MESSAGES.cmpSchemeRequired,
    });
    expect(errors({ ...FORM, redressMembershipNumber: 'T123' })).toEqual({
      redressScheme: AGENCY_MESSAGES.redressSchemeRequired,
    });
    expect(errors({ ...FORM, cmpScheme: 'rics' })).toEqual({
      cmpMembershipNumber: AGENCY_MESSAGES.cmpNumberRequired,
    });
  });

  test('unknown schemes, a long name and a missing key are refused', () => {
    expect(UpdateAgencyInputSchema.safeParse({ ...FORM, redressScheme: 'naea' }).success).toBe(false);
    expect(errors({ ...FORM, name: 'x'.repeat(101) })).toEqual({ name: AGENCY_MESSAGES.nameTooLong });
    expect(UpdateAgencyInputSchema.safeParse({ name: 'Harbour & Vale' }).success).toBe(false);
    expect(UpdateAgencyInputSchema.safeParse(null).success).toBe(false);
  });
});

test('agencyFormValues puts empty strings where nothing is recorded', () => {
  const agency: Agency = {
    id: '0b8e4c2a-3f1d-4e5b-9a7c-6d2e1f0a9b8c',
    name: 'Harbour & Vale',
    ...FULL,
    cmpScheme: null,
    cmpMembershipNumber: null,
    standing: 'unverified',
    verifiedAt: null,
    handlesLettings: true,
    branchCount: 1,
    gaps: ['cmp'],
  };
  expect(agencyFormValues(agency)).toEqual({
    name: 'Harbour & Vale',
    redressScheme: 'tpo',
    redressMembershipNumber: 'T01234',
    cmpScheme: '',
    cmpMembershipNumber: '',
  });
});
