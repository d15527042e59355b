/**
 * `GET /api/me` (REQ-AUTH): the signed-in user, whether they are an admin (an `admins` row, REQ-AUTH-12), and for an
 * agent their place in an agency (ADR 029). The API returns it; the web app reads it as the source of role, admin
 * status and what an agent's menus offer (`can` of agency/permissions.ts over `agency`).
 */
import { z } from 'zod';
import { AGENCY_STANDINGS } from '../agency/compliance.ts';
import { MEMBER_ROLES } from '../agency/permissions.ts';
import { TwoFactorStatusSchema } from './two-factor.ts';

/** An agent's membership: their agency, role, the branches they work in and the one SPEC's screens address. */
export const MembershipSchema = z.object({
  memberId: z.uuid(),
  userId: z.string(),
  agencyId: z.uuid(),
  agencyName: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** Every branch of the agency for an owner; the branches given to a branch manager or negotiator. */
  branchIds: z.array(z.uuid()),
  defaultBranchId: z.uuid(),
  /** Whether the agency may advertise: verified by an admin, not yet, or suspended. */
  standing: z.enum(AGENCY_STANDINGS),
});
export type Membership = z.infer<typeof MembershipSchema>;

export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(['client', 'agent']),
    phone: z.string().nullable(),
    isVerified: z.boolean(),
  }),
  isAdmin: z.boolean(),
  adminRole: z.string().nullable(),
  /** The branch (SPEC's agents row) an agent's one-agent screens address: their membership's default branch. */
  agentId: z.string().nullable(),
  agency: MembershipSchema.nullable(),
  /** Two-factor sign-in (ADR 031): on or not, and whether the policy requires it of this user. */
  twoFactor: TwoFactorStatusSchema,
});
export type Me = z.infer<typeof MeSchema>;
