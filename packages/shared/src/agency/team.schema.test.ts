import { describe, expect, test } from 'vitest';
import { AUTH_MESSAGES } from '../auth/auth.schema.ts';
import {
  AGENCY_TEAM_MESSAGES as T,
  InviteMemberInputSchema,
  JoinAccountInputSchema,
  UpdateMemberInputSchema,
} from './team.schema.ts';

const READING = '0b7e1f3c-6c1d-4b8e-9a51-3f0e2d6c4a10';
const RYDE = '5d2a9c84-1e7b-4f36-8c0d-7a9b6e5f4d21';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('InviteMemberInputSchema', () => {
  test('cleans the address and drops repeated branches', () => {
    expect(
      InviteMemberInputSchema.parse({
        email: '  Sam.Taylor@Example.COM ',
        role: 'negotiator',
        branchIds: [READING, READING, RYDE],
      }),
    ).toEqual({ email: 'sam.taylor@example.com', role: 'negotiator', branchIds: [READING, RYDE] });
  });

  test('a branch manager or negotiator needs a branch; an owner is given none', () => {
    for (const role of ['branch-manager', 'negotiator'])
      expect(issues(InviteMemberInputSchema.safeParse({ email: 'sam@example.com', role }))).toEqual([
        { path: 'branchIds', message: T.branchRequired },
      ]);
    expect(
      InviteMemberInputSchema.parse({ email: 'sam@example.com', role: 'owner', branchIds: [READING] }),
    ).toEqual({ email: 'sam@example.com', role: 'owner', branchIds: [] });
  });

  test('refuses an empty or malformed address, an unknown role and a branch that is not an id', () => {
    expect(issues(InviteMemberInputSchema.safeParse({ email: ' ', role: 'owner' }))).toEqual([
      { path: 'email', message: T.enterEmail },
    ]);
    expect(issues(InviteMemberInputSchema.safeParse({ email: 'sam@', role: 'owner' }))).toEqual([
      { path: 'email', message: T.invalidEmail },
    ]);
    expect(InviteMemberInputSchema.safeParse({ email: 'sam@example.com', role: 'admin' }).success).toBe(
      false,
    );
    expect(
      issues(
        InviteMemberInputSchema.safeParse({ email: 'sam@example.com', role: 'negotiator', branchIds: ['x'] }),
      ),
    ).toEqual([{ path: 'branchIds.0', message: T.unknownBranch }]);
  });
});

describe('UpdateMemberInputSchema', () => {
  test('takes any of role, branches and default branch, but not nothing', () => {
    expect(UpdateMemberInputSchema.parse({ role: 'owner' })).toEqual({ role: 'owner' });
    expect(UpdateMemberInputSchema.parse({ branchIds: [RYDE, RYDE], defaultBranchId: RYDE })).toEqual({
      branchIds: [RYDE],
      defaultBranchId: RYDE,
    });
    expect(issues(UpdateMemberInputSchema.safeParse({}))).toEqual([{ path: '', message: T.nothingToChange }]);
  });
});

describe('JoinAccountInputSchema (the REQ-AUTH-02)', () => {
  const valid = { firstName: ' Siân ', lastName: "O'Brien", password: 'Tidy!Harbour#Lamp7' };

  test('normalises names and keeps the password as typed', () => {
    expect(JoinAccountInputSchema.parse(valid)).toEqual({
      firstName: 'Siân',
      lastName: "O'Brien",
      password: 'Tidy!Harbour#Lamp7',
    });
    expect(JoinAccountInputSchema.parse({ ...valid, lastName: '  ' }).lastName).toBeUndefined();
  });

  test('refuses a missing first name or password, a weak or overlong password and a name with digits or markup', () => {
    expect(issues(JoinAccountInputSchema.safeParse({ ...valid, firstName: '' }))).toEqual([
      { path: 'firstName', message: AUTH_MESSAGES.signUpMissingFields },
    ]);
    expect(issues(JoinAccountInputSchema.safeParse({ ...valid, password: '' }))).toEqual([
      { path: 'password', message: AUTH_MESSAGES.signUpMissingFields },
    ]);
    for (const password of ['password1!A', 'short', `Aa1!${'x'.repeat(130)}`])
      expect(issues(JoinAccountInputSchema.safeParse({ ...valid, password }))).toEqual([
        { path: 'password', message: AUTH_MESSAGES.signUpPasswordRequirements },
      ]);
    expect(issues(JoinAccountInputSchema.safeParse({ ...valid, firstName: 'R2D2' }))).toEqual([
      { path: 'firstName', message: AUTH_MESSAGES.signUpInvalidName },
    ]);
    expect(issues(JoinAccountInputSchema.safeParse({ ...valid, lastName: '<b>x</b>' }))).toEqual([
      { path: 'lastName', message: AUTH_MESSAGES.signUpInvalidName },
    ]);
  });
});
