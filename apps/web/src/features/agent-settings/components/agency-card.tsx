import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  AGENCY_MESSAGES,
  AGENCY_NAME_MAX_LENGTH,
  agencyFormValues,
  MEMBERSHIP_NUMBER_MAX_LENGTH,
  UpdateAgencyInputSchema,
  type Agency,
  type UpdateAgencyFormValues,
  type UpdateAgencyInput,
} from '@abode/shared/agency/agency.schema';
import {
  CMP_SCHEME_LABELS,
  CMP_SCHEMES,
  REDRESS_SCHEME_LABELS,
  REDRESS_SCHEMES,
} from '@abode/shared/agency/compliance';
import { can } from '@abode/shared/agency/permissions';
import { AgencyStandingBadge } from '#src/components/agency-standing-badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { setServerFieldErrors } from '#src/lib/form-errors.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useAgentAgency, useUpdateAgentAgency } from '../api/agent-agency.ts';
import { AGENCY_SECTION_ID } from './agency-standing-banner.tsx';

const REDRESS_OPTIONS = [
  { value: '', label: 'Not recorded yet' },
  ...REDRESS_SCHEMES.map((s) => ({ value: s, label: REDRESS_SCHEME_LABELS[s] })),
];
const CMP_OPTIONS = [
  { value: '', label: 'None recorded' },
  ...CMP_SCHEMES.map((s) => ({ value: s, label: CMP_SCHEME_LABELS[s] })),
];

type Name = FieldPath<UpdateAgencyFormValues>;
const FIELDS: readonly Name[] = [
  'name',
  'redressScheme',
  'redressMembershipNumber',
  'cmpScheme',
  'cmpMembershipNumber',
];

/** What the standing means for this agency now, and for one not yet verified what it still needs. */
function StandingNote({ agency }: { agency: Agency }) {
  const waiting =
    agency.standing === 'unverified'
      ? agency.gaps.length > 0
        ? `Still to add: ${agency.gaps.map((g) => AGENCY_MESSAGES.gap[g]).join('; ')}.`
        : 'Your details are recorded: an admin will check them soon.'
      : null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/30 p-3" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Standing</span>
        <AgencyStandingBadge standing={agency.standing} />
      </div>
      <p className="text-sm text-muted-foreground">{AGENCY_MESSAGES.standingMeaning[agency.standing]}</p>
      {waiting && <p className="text-sm">{waiting}</p>}
    </div>
  );
}

/**
 * The agency's name and compliance details, checked with the API's own schema. An owner edits them; anyone else
 * sees them read-only (the server refuses their save anyway). A verified agency's owner is told that new numbers
 * need an admin's check again.
 */
function AgencyForm({ agency, canEdit }: { agency: Agency; canEdit: boolean }) {
  const update = useUpdateAgentAgency();
  const form = useForm<UpdateAgencyFormValues, unknown, UpdateAgencyInput>({
    resolver: zodResolver(UpdateAgencyInputSchema),
    defaultValues: agencyFormValues(agency),
  });
  const { errors, isSubmitting } = form.formState;
  const errorOf = (name: Name) => errors[name]?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(agencyFormValues(saved));
      toast.success(
        agency.standing === 'verified' && saved.standing === 'unverified'
          ? AGENCY_MESSAGES.savedNeedsCheck
          : AGENCY_MESSAGES.saved,
      );
    } catch (error) {
      setServerFieldErrors(form.setError, error, (path) => (FIELDS as readonly string[]).includes(path));
      showErrorToast(AGENCY_MESSAGES.saveFailed, { error });
    }
  });

  const text = (
    name: Name,
    label: string,
    o: { maxLength: number; hint?: string; autoComplete?: string },
  ) => {
    const id = `agency-${name}`;
    const error = errorOf(name);
    return (
      <FormField id={id} label={label} error={error} hint={o.hint}>
        <Input
          {...fieldA11y(id, error, Boolean(o.hint))}
          maxLength={o.maxLength}
          autoComplete={o.autoComplete ?? 'off'}
          {...form.register(name)}
        />
      </FormField>
    );
  };
  const select = (name: Name, label: string, options: typeof REDRESS_OPTIONS, hint?: string) => {
    const id = `agency-${name}`;
    const error = errorOf(name);
    return (
      <FormField id={id} label={label} error={error} hint={hint}>
        <Select {...fieldA11y(id, error, Boolean(hint))} options={options} {...form.register(name)} />
      </FormField>
    );
  };
  const cmpHint = agency.handlesLettings ? AGENCY_MESSAGES.cmpRequiredHint : AGENCY_MESSAGES.cmpOptionalHint;

  return (
    <form noValidate aria-label="Agency details" onSubmit={(event) => void onSubmit(event)}>
      <fieldset disabled={!canEdit || isSubmitting} className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">Agency details</legend>
        <div className="sm:col-span-2">
          {text('name', 'Agency name', {
            maxLength: AGENCY_NAME_MAX_LENGTH,
            autoComplete: 'organization',
            hint: 'Shown on every branch and listing.',
          })}
        </div>
        {select(
          'redressScheme',
          'Redress scheme',
          REDRESS_OPTIONS,
          'Every estate and letting agent must belong to one.',
        )}
        {text('redressMembershipNumber', 'Redress membership number', {
          maxLength: MEMBERSHIP_NUMBER_MAX_LENGTH,
        })}
        {select('cmpScheme', 'Client money protection scheme', CMP_OPTIONS, cmpHint)}
        {text('cmpMembershipNumber', 'Client money protection number', {
          maxLength: MEMBERSHIP_NUMBER_MAX_LENGTH,
        })}
      </fieldset>
      {canEdit ? (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          {agency.standing === 'verified' && (
            <p className="text-sm text-muted-foreground sm:mr-auto">{AGENCY_MESSAGES.reverifyWarning}</p>
          )}
          <Button type="submit" disabled={isSubmitting} className="w-full shrink-0 sm:w-auto">
            {isSubmitting ? 'Saving...' : 'Save agency'}
          </Button>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">{AGENCY_MESSAGES.readOnly}</p>
      )}
    </form>
  );
}

/**
 * Settings › Agency (ADR 029): the agency's standing and what it means, its name, redress scheme and client money
 * protection with their membership numbers. The owner edits (react-hook-form + the shared schema); others read.
 */
export function AgencyCard() {
  const { me } = useAuth();
  const canEdit = me?.agency ? can(me.agency, 'agency.edit') : false;
  const agency = useAgentAgency();
  return (
    <Card id={AGENCY_SECTION_ID} role="region" aria-labelledby="agency-heading" className="scroll-mt-20">
      <CardHeader>
        <h2 id="agency-heading" className="text-lg leading-tight font-semibold">
          Agency
        </h2>
        <CardDescription>
          Your agency’s name, and the memberships an admin checks before your listings can be published.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {agency.isError ? (
          <LoadFailed message={AGENCY_MESSAGES.loadFailed} onRetry={() => void agency.refetch()} />
        ) : !agency.data ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <>
            <StandingNote agency={agency.data} />
            <AgencyForm key={agency.data.id} agency={agency.data} canEdit={canEdit} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
