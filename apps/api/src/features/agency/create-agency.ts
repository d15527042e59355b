/**
 * How agencies come to be (ADR 029). An agent's sign-up, the agent portal's "create your profile", the demo seed and
 * the Price Paid import all make the same thing: a one-branch agency whose owner is the user. SPEC's `agents` row is
 * that branch.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { agencies, agencyMembers, agents } from '#src/db/schema.ts';
import { slugPart } from '#src/features/agent/listings/listing-slug.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Writer = Database | Transaction;
type BranchValues = Omit<typeof agents.$inferInsert, 'agencyId' | 'slug'>;

/** A branch's public slug: its display name and the first 8 characters of its id ('whitmore-homes-bath-1a2b3c4d'). */
export function branchSlug(
  branch: Pick<BranchValues, 'name' | 'agencyName' | 'branchName'>,
  id: string,
): string {
  const display =
    [branch.agencyName, branch.branchName]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join(' ') || branch.name;
  return [slugPart(display), id.slice(0, 8)].filter(Boolean).join('-');
}

/** The agency's name for a branch: its agency name, else its branch name, else the agent's own name (REQ-DATA-02). */
export function agencyNameOf(branch: Pick<BranchValues, 'name' | 'agencyName' | 'branchName'>): string {
  return branch.agencyName?.trim() || branch.branchName?.trim() || branch.name;
}

/**
 * Inserts an agency, its first branch (`branch`, SPEC's agents row) and, when `ownerUserId` is given, the owner's
 * membership, all or none. `verified` marks the agency verified now (the
 * demo seed and imports, whose listings are public from the start); a real sign-up starts unverified.
 * Returns the ids. The branch keeps `branch.id` when given (seeds use stable ids).
 */
export async function createOneBranchAgency(
  db: Writer,
  branch: BranchValues,
  options: { ownerUserId?: string; verified?: boolean; now?: Date } = {},
): Promise<{ agencyId: string; branchId: string; memberId: string | null }> {
  const run = async (tx: Transaction) => {
    const now = options.now ?? new Date();
    const branchId = branch.id ?? crypto.randomUUID();
    // The agency takes its first branch's id, as the migration did for existing agents: one id to follow in logs.
    await tx.insert(agencies).values({
      id: branchId,
      name: agencyNameOf(branch),
      verifiedAt: options.verified ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .insert(agents)
      .values({ ...branch, id: branchId, agencyId: branchId, slug: branchSlug(branch, branchId) });
    let memberId: string | null = null;
    if (options.ownerUserId) {
      memberId = crypto.randomUUID();
      await tx.insert(agencyMembers).values({
        id: memberId,
        agencyId: branchId,
        userId: options.ownerUserId,
        role: 'owner',
        defaultBranchId: branchId,
      });
    }
    return { agencyId: branchId, branchId, memberId };
  };
  // Inside a caller's transaction this is a savepoint: all three rows or none.
  return db.transaction((tx) => run(tx));
}

/** Whether user `userId` already belongs to an agency. */
export async function isAgencyMember(db: Writer, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agencyMembers.id })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, userId));
  return Boolean(row);
}

/**
 * The agency's name follows an owner's edit of a branch's agency name (SPEC's profile field): agencies.name and every
 * branch's `agency_name` change together, in the caller's transaction.
 */
export async function renameAgency(
  tx: Writer,
  agencyId: string,
  branch: Pick<BranchValues, 'name' | 'agencyName' | 'branchName'>,
  now: Date,
): Promise<void> {
  await tx
    .update(agencies)
    .set({ name: agencyNameOf(branch), updatedAt: now })
    .where(eq(agencies.id, agencyId));
  await tx
    .update(agents)
    .set({ agencyName: branch.agencyName ?? null, updatedAt: now })
    .where(eq(agents.agencyId, agencyId));
}
