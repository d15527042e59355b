import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  AGENCY_TEAM_MESSAGES as T,
  roleReach,
  UpdateMemberInputSchema,
  type TeamBranch,
  type TeamMember,
  type UpdateMemberInput,
} from '@abode/shared/agency/team.schema';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#src/components/ui/dialog.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { setServerFieldErrors } from '#src/lib/form-errors.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useUpdateMember } from '../api/team.ts';
import { BranchChecklist } from './branch-checklist.tsx';
import { ROLE_OPTIONS } from './invite-dialog.tsx';

/** The form holds every field; the schema's output sends what the member form set. */
type MemberFormValues = z.input<typeof UpdateMemberInputSchema>;

/**
 * 'Change' on a member's row (ADR 029): their role, the branches they work in (not asked of an owner, who works in
 * all) and the branch their screens open on, which must be one of those. The server keeps the agency's last owner
 * and answers a refusal with a message under the field or a toast.
 */
export function MemberDialog({
  member,
  branches,
  who,
}: {
  member: TeamMember;
  branches: readonly TeamBranch[];
  /** The member's name as the row shows it. */
  who: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const update = useUpdateMember();
  const defaultValues: MemberFormValues = {
    role: member.role,
    branchIds: member.role === 'owner' ? [] : member.branchIds,
    defaultBranchId: member.defaultBranchId,
  };
  const form = useForm<MemberFormValues, unknown, UpdateMemberInput>({
    resolver: zodResolver(UpdateMemberInputSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' }) ?? member.role;
  const picked = useWatch({ control: form.control, name: 'branchIds' }) ?? [];
  const worksIn = role === 'owner' ? branches : branches.filter((b) => picked.includes(b.id));
  const defaultOptions = worksIn.map((b) => ({ value: b.id, label: b.name }));

  const submit = form.handleSubmit(async (values) => {
    const newRole = values.role ?? member.role;
    if (newRole !== 'owner' && !values.branchIds?.length) {
      form.setError('branchIds', { message: T.branchRequired });
      return;
    }
    try {
      await update.mutateAsync({
        memberId: member.memberId,
        role: newRole,
        ...(newRole === 'owner' ? {} : { branchIds: values.branchIds }),
        // A default outside the branches now ticked is left to the server: their first branch.
        ...(worksIn.some((b) => b.id === values.defaultBranchId)
          ? { defaultBranchId: values.defaultBranchId }
          : {}),
      });
      toast.success(T.memberUpdated, { description: who });
      setOpen(false);
    } catch (error) {
      if (!setServerFieldErrors(form.setError, error))
        showErrorToast(isApiError(error) ? error.message : T.failed, { error });
    }
  });

  const defaultValue = useWatch({ control: form.control, name: 'defaultBranchId' });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset(defaultValues);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Change role or branches of ${who}`}>
          Change
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change {who}</DialogTitle>
          <DialogDescription>
            Listings and enquiries of a branch they leave stay with that branch, unassigned.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField id={`${id}-role`} label="Role" hint={roleReach(role)}>
            <Select
              options={ROLE_OPTIONS}
              {...fieldA11y(`${id}-role`, undefined, true)}
              {...form.register('role')}
            />
          </FormField>
          {role !== 'owner' && (
            <Controller
              control={form.control}
              name="branchIds"
              render={({ field }) => (
                <BranchChecklist
                  id={`${id}-branches`}
                  branches={branches}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.branchIds?.message}
                />
              )}
            />
          )}
          {defaultOptions.length > 1 && (
            <FormField
              id={`${id}-default`}
              label="Default branch"
              hint="The branch their profile, settings and new listings open on."
              error={errors.defaultBranchId?.message}
            >
              <Select
                options={defaultOptions}
                {...fieldA11y(`${id}-default`, errors.defaultBranchId?.message, true)}
                {...form.register('defaultBranchId')}
                value={worksIn.some((b) => b.id === defaultValue) ? defaultValue : worksIn[0]?.id}
              />
            </FormField>
          )}
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
