/**
 * An agency's name, compliance details and standing (ADR 029, "Compliance before advertising"), as its members read
 * them in Settings › Agency.
 */
import { eq, sql } from 'drizzle-orm';
import { complianceGaps, type Agency } from '@abode/shared/agency/agency.schema';
import type { CmpScheme, RedressScheme } from '@abode/shared/agency/compliance';
import { MESSAGES } from '@abode/shared/messages';
import type { Database } from '#src/db/client.ts';
import { agencies } from '#src/db/schema.ts';
import { AppError } from '#src/errors/app-error.ts';
import { standingOf } from '../membership.ts';

type Reader = Pick<Database, 'select'>;

/**
 * The outer query's agency id, written out: inside a one-table select drizzle renders `${agencies.id}` unqualified,
 * which a subquery would resolve to its own table's id. Every query using these columns selects FROM agencies.
 */
export const AGENCY_ID = sql.raw('"agencies"."id"');

/** The facts of agency `agencyId` the agent and admin screens share, including what its branches do. */
export const agencyColumns = {
  id: agencies.id,
  name: agencies.name,
  redressScheme: agencies.redressScheme,
  redressMembershipNumber: agencies.redressMembershipNumber,
  cmpScheme: agencies.cmpScheme,
  cmpMembershipNumber: agencies.cmpMembershipNumber,
  verifiedAt: agencies.verifiedAt,
  suspendedAt: agencies.suspendedAt,
  handlesLettings: sql<boolean>`EXISTS (SELECT 1 FROM agents b WHERE b.agency_id = ${AGENCY_ID} AND b.handles_lettings)`,
  branchCount: sql<number>`(SELECT count(*)::int FROM agents b WHERE b.agency_id = ${AGENCY_ID})`,
};

export type AgencyRow = {
  id: string;
  name: string;
  redressScheme: string | null;
  redressMembershipNumber: string | null;
  cmpScheme: string | null;
  cmpMembershipNumber: string | null;
  verifiedAt: Date | null;
  suspendedAt: Date | null;
  handlesLettings: boolean;
  branchCount: number;
};

/** The stored compliance details, typed by their CHECK constraints. */
export function detailsOf(row: AgencyRow) {
  return {
    redressScheme: row.redressScheme as RedressScheme | null,
    redressMembershipNumber: row.redressMembershipNumber,
    cmpScheme: row.cmpScheme as CmpScheme | null,
    cmpMembershipNumber: row.cmpMembershipNumber,
  };
}

export function toAgency(row: AgencyRow): Agency {
  const details = detailsOf(row);
  const handlesLettings = row.handlesLettings === true;
  return {
    id: row.id,
    name: row.name,
    ...details,
    standing: standingOf(row),
    verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    handlesLettings,
    branchCount: Number(row.branchCount),
    gaps: complianceGaps(details, handlesLettings),
  };
}

/** Agency `agencyId` as its members see it; 404 (REQ-MSG-01 not found) when it no longer exists. */
export async function getAgency(db: Reader, agencyId: string): Promise<Agency> {
  const [row] = await db.select(agencyColumns).from(agencies).where(eq(agencies.id, agencyId));
  if (!row) throw AppError.notFound(MESSAGES.notFound);
  return toAgency(row);
}
