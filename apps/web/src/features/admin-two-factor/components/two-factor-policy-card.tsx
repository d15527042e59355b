import { useId } from 'react';
import { toast } from 'sonner';
import type { TwoFactorPolicy } from '@abode/shared/auth/two-factor';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { Switch } from '#src/components/ui/switch.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/two-factor-policy.ts';

const RULES: readonly { key: keyof TwoFactorPolicy; label: string; hint: string }[] = [
  {
    key: 'requireForAdmins',
    label: 'Admins',
    hint: 'Every admin must set it up before reaching the admin portal.',
  },
  {
    key: 'requireForAgencyManagers',
    label: 'Agency owners and branch managers',
    hint: 'They publish listings and read applicants’ details: they must set it up before reaching the agent portal.',
  },
];

/**
 * admin Settings › Two-factor sign-in (ADR 031): who must use it besides super admins (always). Super admins switch
 * the rules; other admins read them. Someone newly required is led to set it up at their next page.
 */
export function TwoFactorPolicyCard({ canEdit }: { canEdit: boolean }) {
  const id = useId();
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  const change = (key: keyof TwoFactorPolicy, value: boolean) => {
    if (!policy.data) return;
    save.mutate(
      { ...policy.data, [key]: value },
      {
        onSuccess: () => toast.success('Two-factor policy saved'),
        onError: (error) =>
          showErrorToast('Could not save the two-factor policy', {
            error,
            reason: isApiError(error) ? error.message : undefined,
          }),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Required two-factor sign-in</h2>
        <CardDescription>
          Super admins always sign in with a code as well as their password. Choose who else must.
          {!canEdit && ' Only a super admin can change this.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {policy.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : policy.isError ? (
          <LoadFailed message="Failed to load the two-factor policy" onRetry={() => void policy.refetch()} />
        ) : (
          RULES.map((rule) => (
            <div key={rule.key} className="flex items-start justify-between gap-4">
              <div className="flex flex-col gap-0.5">
                <label htmlFor={`${id}-${rule.key}`} className="text-sm font-medium">
                  {rule.label}
                </label>
                <p id={`${id}-${rule.key}-hint`} className="text-sm text-muted-foreground">
                  {rule.hint}
                </p>
              </div>
              <Switch
                id={`${id}-${rule.key}`}
                aria-describedby={`${id}-${rule.key}-hint`}
                checked={policy.data[rule.key]}
                disabled={!canEdit || save.isPending}
                onCheckedChange={(value) => change(rule.key, value)}
              />
            </div>
          ))
        )}
      </CardContent>
    </Card>
  );
}
