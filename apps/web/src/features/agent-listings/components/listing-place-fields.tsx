/**
 * Where a listing sits in its agency (ADR 029): its branch and the negotiator looking after it. The choices come from
 * `GET /api/agent/branches` (each branch with the members working in it), passed in by the route.
 */
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { branchDisplayName, type AgentBranch } from '@abode/shared/agency/branches.schema';
import { MEMBER_ROLE_LABELS } from '@abode/shared/agency/permissions';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/select.tsx';
import type { ListingFormState } from '../utils/listing-form-state.ts';
import { useListingField } from './listing-form-parts.tsx';

/** What the place fields may offer the member: from `can(me.agency, …)` and whether the listing is new. */
export interface ListingPlaceOptions {
  /** The member's branches, each with who works in it. */
  branches: readonly AgentBranch[];
  /** `listing.assign`: move the listing to another branch and choose its negotiator. */
  canAssign: boolean;
  /** A new listing: any member may start it in any of their branches (a negotiator's is theirs). */
  isNew: boolean;
}

/** Label of the 'no negotiator' choice. */
export const UNASSIGNED_LABEL = 'Unassigned';

/** Whether the member has a branch to pick (several, and a new listing or `listing.assign`). */
const offersBranch = (o: ListingPlaceOptions) => o.branches.length > 1 && (o.isNew || o.canAssign);

/** Whether {@link ListingPlaceFields} has anything to show. */
export function hasPlaceChoices(o: ListingPlaceOptions): boolean {
  return offersBranch(o) || o.canAssign;
}

/**
 * The Branch select (when the member works in more than one branch and may place the listing: a new one, or
 * `listing.assign`) and the Negotiator select (`listing.assign`: the people working in the chosen branch, plus
 * 'Unassigned'). Moving to a branch where the chosen negotiator does not work sets it back to 'Unassigned'. Renders
 * nothing when there is nothing to choose.
 */
export function ListingPlaceFields(options: ListingPlaceOptions) {
  const { branches, canAssign } = options;
  const { control, getValues, setValue } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const branchId = useWatch({ control, name: 'branchId' }) ?? branches[0]?.id;
  const showBranch = offersBranch(options);
  if (!hasPlaceChoices(options)) return null;
  const members = branches.find((b) => b.id === branchId)?.members ?? [];
  return (
    <>
      {showBranch && (
        <FormField id="listing-branchId" label="Branch" error={errorOf('branchId')}>
          <Controller
            control={control}
            name="branchId"
            render={({ field }) => (
              <Select
                {...a11y('branchId')}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? branchId ?? ''}
                onChange={(event) => {
                  const next = event.target.value;
                  field.onChange(next);
                  const negotiator = getValues('negotiatorId');
                  const stays = branches
                    .find((b) => b.id === next)
                    ?.members.some((m) => m.memberId === negotiator);
                  if (negotiator && !stays) setValue('negotiatorId', null, { shouldDirty: true });
                }}
                options={branches.map((b) => ({ value: b.id, label: branchDisplayName(b) || b.name }))}
              />
            )}
          />
        </FormField>
      )}
      {canAssign && (
        <FormField
          id="listing-negotiatorId"
          label="Negotiator"
          error={errorOf('negotiatorId')}
          hint="Who looks after this listing. A negotiator may edit the listings given to them."
        >
          <Controller
            control={control}
            name="negotiatorId"
            render={({ field }) => (
              <Select
                {...a11y('negotiatorId', true)}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || null)}
                options={[
                  { value: '', label: UNASSIGNED_LABEL },
                  ...members.map((m) => ({
                    value: m.memberId,
                    label: `${m.name} (${MEMBER_ROLE_LABELS[m.role]})`,
                  })),
                  // Someone no longer listed here (they left the branch) stays visible until changed.
                  ...(field.value && !members.some((m) => m.memberId === field.value)
                    ? [{ value: field.value, label: 'Someone no longer in this branch' }]
                    : []),
                ]}
              />
            )}
          />
        </FormField>
      )}
    </>
  );
}
