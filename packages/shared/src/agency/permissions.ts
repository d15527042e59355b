/**
 * Who in an agency may do what (ADR 029). An agency's members hold one role each: the owner runs the whole agency;
 * a branch manager runs the branches they are given; a negotiator prepares listings and works the branch's leads.
 * {@link can} is the one answer to "may this member take this action on this record": the API's routes call it per
 * record, the agent portal's menus and buttons read it, and the authorisation-matrix test walks it.
 */

/** A member's role in their agency, most powerful first. */
export const MEMBER_ROLES = ['owner', 'branch-manager', 'negotiator'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  'branch-manager': 'Branch manager',
  negotiator: 'Negotiator',
};

/**
 * What a member can do, each a verb on one kind of record:
 * - `listing.view` / `listing.create`: see and start listings in a branch;
 * - `listing.edit`: change a listing's details, photos and media;
 * - `listing.publish`: change a listing's status (put it on the market, mark it under offer, sold STC or let agreed,
 *   take it off) — what the public sees is a manager's decision;
 * - `listing.delete`; `listing.assign`: give a listing to a negotiator or move it to another branch of the agency;
 * - `enquiry.work`: read a branch's enquiries, change their status, add notes and reply; `enquiry.assign`;
 * - `reports.view`: analytics and CSV reports; `branch.edit`: a branch's public profile and settings;
 * - `branch.create`, `team.manage`, `agency.edit` (name and compliance), `feeds.manage` (listing feed keys).
 */
export const AGENCY_ACTIONS = [
  'listing.view',
  'listing.create',
  'listing.edit',
  'listing.publish',
  'listing.delete',
  'listing.assign',
  'enquiry.work',
  'enquiry.assign',
  'reports.view',
  'branch.edit',
  'branch.create',
  'team.manage',
  'agency.edit',
  'feeds.manage',
] as const;
export type AgencyAction = (typeof AGENCY_ACTIONS)[number];

/** The actions of agency-wide scope: they concern no one branch, so they take no record. */
const AGENCY_WIDE: ReadonlySet<AgencyAction> = new Set(['branch.create', 'team.manage', 'agency.edit']);

const ROLE_ACTIONS: Record<MemberRole, ReadonlySet<AgencyAction>> = {
  owner: new Set(AGENCY_ACTIONS),
  // A branch manager does everything in their branches; only the agency-wide actions are the owner's.
  'branch-manager': new Set(AGENCY_ACTIONS.filter((action) => !AGENCY_WIDE.has(action))),
  negotiator: new Set<AgencyAction>([
    'listing.view',
    'listing.create',
    'listing.edit',
    'enquiry.work',
    'enquiry.assign',
  ]),
};

/** The member acting: their membership id, role, and the branches they work in (every branch for an owner). */
export interface AgencyActor {
  memberId: string;
  role: MemberRole;
  branchIds: readonly string[];
}

/** The record acted on: the branch it belongs to and, for a listing, the member (negotiator) it is assigned to. */
export interface AgencyRecord {
  branchId: string;
  negotiatorId?: string | null;
}

/**
 * Whether `actor` may take `action` on `record`: the role must allow the action, the record must belong to one of the
 * actor's branches, and a negotiator edits only the listings assigned to them (or to no one yet, which they may take
 * on). Agency-wide actions ignore `record`; branch actions without a record ask whether the actor may do it in any of
 * their branches (a menu's question).
 */
export function can(actor: AgencyActor, action: AgencyAction, record?: AgencyRecord): boolean {
  if (!ROLE_ACTIONS[actor.role].has(action)) return false;
  if (AGENCY_WIDE.has(action)) return true;
  if (!record) return actor.branchIds.length > 0;
  if (!actor.branchIds.includes(record.branchId)) return false;
  if (actor.role === 'negotiator' && action === 'listing.edit') {
    return record.negotiatorId == null || record.negotiatorId === actor.memberId;
  }
  return true;
}

/** Whether `role` may take `action` somewhere: for menus and role descriptions. */
export function roleCan(role: MemberRole, action: AgencyAction): boolean {
  return ROLE_ACTIONS[role].has(action);
}
