import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { MEMBER_ROLE_LABELS, MEMBER_ROLES } from '@abode/shared/agency/permissions';
import {
  AGENCY_TEAM_MESSAGES as T,
  InviteMemberInputSchema,
  roleReach,
  type InviteMemberFormInput,
  type InviteMemberInput,
  type TeamBranch,
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
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { setServerFieldErrors } from '#src/lib/form-errors.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useInviteMember } from '../api/team.ts';
import { BranchChecklist } from './branch-checklist.tsx';

export const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: MEMBER_ROLE_LABELS[role] }));

/**
 * 'Invite someone' (ADR 029): an e-mail, a role and — unless the role is owner, who works everywhere — the branches.
 * The link goes out by e-mail; the form checks with the server's schema, and the server's field errors land under
 * their fields (a 409 for an address already in an agency is a toast with the server's words).
 */
export function InviteDialog({ branches }: { branches: readonly TeamBranch[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const invite = useInviteMember();
  const defaultValues: InviteMemberFormInput = {
    email: '',
    role: 'negotiator',
    // A one-branch agency has nothing to choose.
    branchIds: branches.length === 1 ? [branches[0]!.id] : [],
  };
  const form = useForm<InviteMemberFormInput, unknown, InviteMemberInput>({
    resolver: zodResolver(InviteMemberInputSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      toast.success(T.invited, { description: `We e-mailed a link to ${values.email}.` });
      form.reset(defaultValues);
      setOpen(false);
    } catch (error) {
      if (!setServerFieldErrors(form.setError, error))
        showErrorToast(isApiError(error) ? error.message : T.failed, { error });
    }
  });

  const emailError = errors.email?.message;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset(defaultValues);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" /> Invite someone
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite someone to your agency</DialogTitle>
          <DialogDescription>They get an e-mail with a link that works once for 7 days.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <FormField id={`${id}-email`} label="E-mail address" required error={emailError}>
            <Input
              type="email"
              autoComplete="off"
              {...fieldA11y(`${id}-email`, emailError)}
              {...form.register('email')}
            />
          </FormField>
          <FormField id={`${id}-role`} label="Role" hint={roleReach(role)}>
            <Select
              options={ROLE_OPTIONS}
              {...fieldA11y(`${id}-role`, undefined, true)}
              {...form.register('role')}
            />
          </FormField>
          {role === 'owner' ? (
            <p className="text-sm text-muted-foreground">An owner works in every branch.</p>
          ) : (
            <Controller
              control={form.control}
              name="branchIds"
              render={({ field }) => (
                <BranchChecklist
                  id={`${id}-branches`}
                  branches={branches}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.branchIds?.message ?? errors.branchIds?.root?.message}
                />
              )}
            />
          )}
          <DialogFooter>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Sending…' : 'Send invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
