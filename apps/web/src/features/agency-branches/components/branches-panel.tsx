import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { toast } from 'sonner';
import {
  BRANCH_MESSAGES,
  branchDisplayName,
  branchFormValues,
  NEW_BRANCH_FORM_VALUES,
  type AgentBranch,
} from '@abode/shared/agency/branches.schema';
import { can } from '@abode/shared/agency/permissions';
import type { Membership } from '@abode/shared/auth/me.schema';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { LogoUpload } from '#src/components/logo-upload.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { agentKeys } from '#src/lib/query-keys.ts';
import { useAgentBranches } from '#src/lib/agent-branches.ts';
import { branchLogoPath, useCreateBranch, useUpdateBranch } from '../api/branches.ts';
import { BranchCard } from './branch-card.tsx';
import { BranchForm } from './branch-form.tsx';

const LOGO_REFRESH = [agentKeys.branches(), agentKeys.profile()] as const;

/** The failure toast of a save: the server's reason when it gave one. */
function saveFailed(error: unknown) {
  showErrorToast(BRANCH_MESSAGES.saveFailed, {
    error,
    reason: isApiError(error) && error.status < 500 ? error.message : undefined,
  });
}

/**
 * The Branches screen's body (ADR 029): the member's branches as cards; 'Add branch' for an owner (`branch.create`)
 * and 'Edit' on each branch the member may edit (`branch.edit`: its details and logo), each in a dialog.
 */
export function BranchesPanel({ membership }: { membership: Membership }) {
  const branches = useAgentBranches();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AgentBranch | null>(null);
  const create = useCreateBranch();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Branches</h1>
          <p className="text-muted-foreground">
            Each branch has its own page on Abode, its own contact details and its own listings.
          </p>
        </div>
        {can(membership, 'branch.create') && (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add branch
          </Button>
        )}
      </div>

      {branches.isPending ? (
        <ListSkeleton label="Loading branches" rows={2} rowClassName="h-64" />
      ) : branches.isError ? (
        <LoadFailed message={BRANCH_MESSAGES.loadFailed} onRetry={() => void branches.refetch()} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {branches.data.items.map((branch) => (
            <li key={branch.id} className="flex">
              <BranchCard
                branch={branch}
                actions={
                  can(membership, 'branch.edit', { branchId: branch.id }) ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Edit ${branchDisplayName(branch)}`}
                      onClick={() => setEditing(branch)}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                  ) : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Add a branch</DialogTitle>
            <DialogDescription>
              It joins {membership.agencyName}, with its own page on Abode. You can move listings to it from
              each listing&apos;s page.
            </DialogDescription>
          </DialogHeader>
          <BranchForm
            defaultValues={NEW_BRANCH_FORM_VALUES}
            submitLabel="Add branch"
            onCancel={() => setAdding(false)}
            onSubmit={async (input) => {
              try {
                const branch = await create.mutateAsync(input);
                toast.success(BRANCH_MESSAGES.created, { description: branchDisplayName(branch) });
                setAdding(false);
              } catch (error) {
                saveFailed(error);
                throw error;
              }
            }}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="sm:max-w-2xl">
          {editing && <EditBranch branch={editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The edit dialog's content: the logo panel and the branch's details. */
function EditBranch({ branch, onDone }: { branch: AgentBranch; onDone: () => void }) {
  const update = useUpdateBranch(branch.id);
  const branches = useAgentBranches();
  // The logo panel shows the cached branch, which a logo change refreshes.
  const current = branches.data?.items.find((b) => b.id === branch.id) ?? branch;
  const name = branchDisplayName(branch);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit {name}</DialogTitle>
        <DialogDescription>
          What buyers and tenants see on the branch page and its listings.
        </DialogDescription>
      </DialogHeader>
      <section aria-label="Branch logo" className="rounded-lg border p-4">
        <LogoUpload
          logoUrl={current.logoUrl}
          name={branch.branchName ?? name}
          path={branchLogoPath(branch.id)}
          refreshKeys={LOGO_REFRESH}
        />
      </section>
      <BranchForm
        defaultValues={branchFormValues(branch)}
        submitLabel="Save branch"
        onCancel={onDone}
        onSubmit={async (input) => {
          try {
            const saved = await update.mutateAsync(input);
            toast.success(BRANCH_MESSAGES.updated, { description: branchDisplayName(saved) });
            onDone();
          } catch (error) {
            saveFailed(error);
            throw error;
          }
        }}
      />
    </>
  );
}
