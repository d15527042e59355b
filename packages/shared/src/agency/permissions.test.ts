import { describe, expect, test } from 'vitest';
import { AGENCY_ACTIONS, can, roleCan, type AgencyAction, type MemberRole } from './permissions.ts';

/** ADR 029's role table, cell by cell: what each role may do in its own branches. */
const TABLE: Record<AgencyAction, Record<MemberRole, boolean>> = {
  'listing.view': { owner: true, 'branch-manager': true, negotiator: true },
  'listing.create': { owner: true, 'branch-manager': true, negotiator: true },
  'listing.edit': { owner: true, 'branch-manager': true, negotiator: true },
  'listing.publish': { owner: true, 'branch-manager': true, negotiator: false },
  'listing.delete': { owner: true, 'branch-manager': true, negotiator: false },
  'listing.assign': { owner: true, 'branch-manager': true, negotiator: false },
  'enquiry.work': { owner: true, 'branch-manager': true, negotiator: true },
  'enquiry.assign': { owner: true, 'branch-manager': true, negotiator: true },
  'reports.view': { owner: true, 'branch-manager': true, negotiator: false },
  'branch.edit': { owner: true, 'branch-manager': true, negotiator: false },
  'feeds.manage': { owner: true, 'branch-manager': true, negotiator: false },
  'branch.create': { owner: true, 'branch-manager': false, negotiator: false },
  'team.manage': { owner: true, 'branch-manager': false, negotiator: false },
  'agency.edit': { owner: true, 'branch-manager': false, negotiator: false },
};

const actor = (role: MemberRole, branchIds = ['b1']) => ({ memberId: 'm1', role, branchIds });

test('the table names every action', () => {
  expect(Object.keys(TABLE).sort()).toEqual([...AGENCY_ACTIONS].sort());
});

describe.each(AGENCY_ACTIONS)('%s', (action) => {
  test.each(['owner', 'branch-manager', 'negotiator'] as const)('as %s, in their own branch', (role) => {
    expect(roleCan(role, action)).toBe(TABLE[action][role]);
    expect(can(actor(role), action, { branchId: 'b1', negotiatorId: null })).toBe(TABLE[action][role]);
    expect(can(actor(role), action)).toBe(TABLE[action][role]);
  });
});

test('a record of a branch the member does not work in is out of reach, whatever the role', () => {
  for (const action of ['listing.view', 'listing.edit', 'enquiry.work', 'branch.edit'] as const)
    for (const role of ['owner', 'branch-manager', 'negotiator'] as const)
      expect(can(actor(role), action, { branchId: 'b2' })).toBe(false);
});

test("a negotiator edits listings assigned to them or to no one, not a colleague's", () => {
  const negotiator = actor('negotiator');
  expect(can(negotiator, 'listing.edit', { branchId: 'b1', negotiatorId: 'm1' })).toBe(true);
  expect(can(negotiator, 'listing.edit', { branchId: 'b1', negotiatorId: null })).toBe(true);
  expect(can(negotiator, 'listing.edit', { branchId: 'b1', negotiatorId: 'm2' })).toBe(false);
  expect(can(actor('branch-manager'), 'listing.edit', { branchId: 'b1', negotiatorId: 'm2' })).toBe(true);
});

test('agency-wide actions ignore the record; a member without branches can do no branch action', () => {
  expect(can(actor('owner', []), 'team.manage')).toBe(true);
  expect(can(actor('owner', []), 'listing.create')).toBe(false);
});
