import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  ADMIN_ROLE_LABELS,
  ADMIN_ROLES,
  PromoteAdminSchema,
  TEAM_MESSAGES,
  type AdminRole,
  type PromoteAdminInput,
  type TeamMember,
} from '@abode/shared/admin/team.schema';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useChangeAdminRole, useDemoteAdmin, usePromoteAdmin, useTeam } from '../api/team.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

const roleOptions = ADMIN_ROLES.map((r) => ({ value: r, label: ADMIN_ROLE_LABELS[r] }));
const failed = (error: Error) => showErrorToast(error.message || TEAM_MESSAGES.failed, { error });

/** The super admin's form: an existing user's e-mail and the role to give. */
function PromoteForm() {
  const promote = usePromoteAdmin();
  const form = useForm<PromoteAdminInput>({
    resolver: zodResolver(PromoteAdminSchema),
    defaultValues: { email: '', adminRole: 'admin' },
  });
  const emailError = form.formState.errors.email?.message;
  const submit = form.handleSubmit((values) =>
    promote.mutateAsync(values).then(() => {
      toast.success(TEAM_MESSAGES.promoted, { description: values.email });
      form.reset();
    }, failed),
  );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <FormField id="promote-email" label="E-mail address" error={emailError} className="flex-1">
        <Input
          type="email"
          autoComplete="off"
          {...fieldA11y('promote-email', emailError)}
          {...form.register('email')}
        />
      </FormField>
      <FormField id="promote-role" label="Role" className="sm:w-44">
        <Select id="promote-role" options={roleOptions} {...form.register('adminRole')} />
      </FormField>
      <Button type="submit" disabled={promote.isPending}>
        Add administrator
      </Button>
    </form>
  );
}

/** Change-role select and Remove button of one admin (super admins only; not on their own row). */
function MemberActions({ member }: { member: TeamMember }) {
  const change = useChangeAdminRole();
  const demote = useDemoteAdmin();
  const who = member.name || member.email;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        aria-label={`Role of ${who}`}
        className="w-40"
        value={member.adminRole}
        options={roleOptions}
        disabled={change.isPending}
        onValueChange={(adminRole) =>
          change.mutate(
            { userId: member.userId, adminRole: adminRole as AdminRole },
            {
              onSuccess: () => toast.success(TEAM_MESSAGES.roleChanged, { description: who }),
              onError: failed,
            },
          )
        }
      />
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Remove ${who}`}>
            Remove
          </Button>
        }
        title={<>Remove {who} as an administrator?</>}
        description={TEAM_MESSAGES.demoteConfirm}
        confirmLabel="Remove"
        onConfirm={() =>
          demote.mutate(member.userId, {
            onSuccess: () => toast.success(TEAM_MESSAGES.demoted, { description: who }),
            onError: failed,
          })
        }
      />
    </div>
  );
}

/**
 * 'Administrators' (REQ-ADMIN): every admin with e-mail and role. A super admin also gets the promote form and
 * change/remove on every row but their own; a plain admin sees the list read-only with a note. The server checks
 * the role again on every write.
 */
export function TeamCard({ viewerId }: { viewerId: string | undefined }) {
  const team = useTeam();
  const data = team.data;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Administrators</h2>
        <CardDescription>People who can use the admin portal.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {team.isError && !data ? (
          <LoadFailed message={TEAM_MESSAGES.loadFailed} onRetry={() => void team.refetch()} />
        ) : !data ? (
          <Skeleton className="h-24 w-full" aria-label="Loading administrators" />
        ) : (
          <>
            {data.canManage ? (
              <PromoteForm />
            ) : (
              <p className="text-sm text-muted-foreground">{TEAM_MESSAGES.readOnlyNote}</p>
            )}
            <ul className="flex flex-col divide-y rounded-md border" aria-label="Administrators">
              {data.items.map((m) => (
                <li
                  key={m.userId}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">{m.name || m.email}</p>
                    <p className="truncate text-sm text-muted-foreground">{m.email}</p>
                  </div>
                  {data.canManage && m.userId !== viewerId ? (
                    <MemberActions member={m} />
                  ) : (
                    <Badge variant={m.adminRole === 'super_admin' ? 'default' : 'outline'}>
                      {ADMIN_ROLE_LABELS[m.adminRole]}
                      {m.userId === viewerId ? ' (you)' : ''}
                    </Badge>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
