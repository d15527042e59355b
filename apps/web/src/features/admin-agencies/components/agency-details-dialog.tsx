import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, BadgeCheck, RotateCcw } from 'lucide-react';
import {
  ADMIN_AGENCY_MESSAGES as T,
  SuspendAgencyInputSchema,
  SUSPENSION_REASON_MAX_LENGTH,
  type SuspendAgencyInput,
} from '@abode/shared/admin/agencies.schema';
import { AgencyStandingBadge } from '#src/components/agency-standing-badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#src/components/ui/dialog.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { useAdminAgency, useAgencyAction } from '../api/admin-agencies.ts';
import { formatCount, formatDate } from '#src/lib/format.ts';
import { Branches, Compliance, Members } from './agency-facts.tsx';

/** The super admin's suspension: the reason (required), checked with the API's schema, then Suspend agency. */
function SuspendForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (input: SuspendAgencyInput) => void;
  onCancel: () => void;
}) {
  const form = useForm<SuspendAgencyInput>({
    resolver: zodResolver(SuspendAgencyInputSchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  return (
    <form
      noValidate
      aria-label={T.suspendConfirmTitle}
      className="flex flex-col gap-3 rounded-lg border border-warning/50 p-3"
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
    >
      <p className="text-sm font-semibold">{T.suspendConfirmTitle}</p>
      <p className="text-sm text-muted-foreground">{T.suspendConfirmText}</p>
      <FormField id="agency-suspend-reason" label={T.reasonLabel} required error={error}>
        <Textarea
          {...fieldA11y('agency-suspend-reason', error)}
          aria-required="true"
          rows={3}
          maxLength={SUSPENSION_REASON_MAX_LENGTH}
          autoFocus
          {...form.register('reason')}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          <Ban aria-hidden="true" /> Suspend agency
        </Button>
      </div>
    </form>
  );
}

/** The confirmation before verifying: what verifying means, and Verify agency. */
function VerifyConfirm({
  busy,
  onConfirm,
  onCancel,
}: {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="group" aria-label={T.verifyConfirmTitle} className="flex flex-col gap-3 rounded-lg border p-3">
      <p className="text-sm font-semibold">{T.verifyConfirmTitle}</p>
      <p className="text-sm text-muted-foreground">{T.verifyConfirmText}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="button" disabled={busy} onClick={onConfirm} autoFocus>
          <BadgeCheck aria-hidden="true" /> Verify agency
        </Button>
      </div>
    </div>
  );
}

/**
 * One agency in a dialog (ADR 029): its standing, compliance details, branches and members, and the admin's actions:
 * Verify (any admin, after a confirmation; disabled with the reason while a number is missing), Suspend (super
 * admins, with a required reason; others see why it is disabled) and Reactivate (any admin).
 */
export function AgencyDetailsDialog({
  agencyId,
  canSuspend,
  onClose,
}: {
  /** The agency shown; null closes the dialog. */
  agencyId: string | null;
  canSuspend: boolean;
  onClose: () => void;
}) {
  const verifyHintId = useId();
  const suspendHintId = useId();
  const query = useAdminAgency(agencyId);
  const verify = useAgencyAction('verify');
  const suspend = useAgencyAction('suspend');
  const reactivate = useAgencyAction('reactivate');
  const [confirming, setConfirming] = useState<'verify' | 'suspend' | null>(null);
  const agency = query.data;
  const busy = verify.isPending || suspend.isPending || reactivate.isPending;
  // Why Verify is disabled: the server's own 409 reason, before the admin tries.
  const cannotVerify =
    !agency || agency.verifiedAt || agency.gaps.length === 0
      ? null
      : agency.gaps.includes('redress')
        ? T.cannotVerifyRedress
        : T.cannotVerifyCmp;
  const suspendHidden = !agency || agency.standing === 'suspended';
  const done = () => setConfirming(null);

  return (
    <Dialog
      open={agencyId !== null}
      onOpenChange={(open) => {
        if (!open) {
          setConfirming(null);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{agency?.name ?? 'Agency'}</DialogTitle>
          <DialogDescription>
            {agency
              ? `Joined ${formatDate(agency.createdAt)} · ${formatCount(agency.listingCount)} ${
                  agency.listingCount === 1 ? 'listing' : 'listings'
                }`
              : 'Loading the agency'}
          </DialogDescription>
        </DialogHeader>
        {query.isError ? (
          <LoadFailed message={T.detailLoadFailed} onRetry={() => void query.refetch()} />
        ) : !agency ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <AgencyStandingBadge standing={agency.standing} />
            </div>
            <Compliance agency={agency} />
            <Branches agency={agency} />
            <Members agency={agency} />
            {confirming === 'verify' && (
              <VerifyConfirm
                busy={busy}
                onCancel={done}
                onConfirm={() => verify.mutate({ id: agency.id }, { onSuccess: done })}
              />
            )}
            {confirming === 'suspend' && (
              <SuspendForm
                busy={busy}
                onCancel={done}
                onSubmit={({ reason }) => suspend.mutate({ id: agency.id, reason }, { onSuccess: done })}
              />
            )}
            {confirming === null && (
              <DialogFooter className="items-center">
                <div className="flex flex-col gap-1 text-sm text-muted-foreground sm:mr-auto">
                  {cannotVerify && <p id={verifyHintId}>{cannotVerify}</p>}
                  {!canSuspend && !suspendHidden && <p id={suspendHintId}>{T.suspendSuperAdminOnly}</p>}
                </div>
                {agency.standing === 'suspended' ? (
                  <Button
                    variant="outline"
                    disabled={busy}
                    onClick={() => reactivate.mutate({ id: agency.id })}
                  >
                    <RotateCcw aria-hidden="true" /> {T.reactivate}
                  </Button>
                ) : (
                  <Button
                    variant="outline"
                    disabled={busy || !canSuspend}
                    aria-describedby={!canSuspend ? suspendHintId : undefined}
                    onClick={() => setConfirming('suspend')}
                  >
                    <Ban aria-hidden="true" /> {T.suspend}
                  </Button>
                )}
                {!agency.verifiedAt && (
                  <Button
                    disabled={busy || Boolean(cannotVerify)}
                    aria-describedby={cannotVerify ? verifyHintId : undefined}
                    onClick={() => setConfirming('verify')}
                  >
                    <BadgeCheck aria-hidden="true" /> {T.verify}
                  </Button>
                )}
              </DialogFooter>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
