import { useId } from 'react';
import {
  FURNISHED_LABELS,
  FURNISHINGS,
  LET_TYPE_LABELS,
  LET_TYPES,
  type FurnishingValue,
  type LetTypeValue,
} from '@abode/shared/listings/listing-vocabulary';
import { LISTING_FACT_FILTER_LABELS } from '@abode/shared/search/search.schema';
import type { SearchState } from '@abode/shared/search/search-url';
import { Field } from '#src/components/ui/field.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { RefinementCheckbox } from '#src/features/search/components/refinement-checkbox.tsx';
import type { SearchPatch } from '#src/features/search/hooks/use-search-state.ts';

const LET_TYPE_OPTIONS = [
  { value: '', label: 'Any' },
  ...LET_TYPES.map((value) => ({ value, label: LET_TYPE_LABELS[value] })),
];

const FURNISHING_OPTIONS = [
  { value: '', label: 'Any' },
  ...FURNISHINGS.map((value) => ({ value, label: FURNISHED_LABELS[value] })),
];

/**
 * The lettings terms a renter filters on, as on Rightmove (REQ-LISTING-14): type of let, furnishing, pets allowed and
 * bills included. Shown with Rent only: sale listings have no lettings terms. A listing whose agent has not said is
 * not found by a choice.
 */
export function RentalRefinements({
  state,
  onApply,
}: {
  state: SearchState;
  onApply: (patch: SearchPatch) => boolean;
}) {
  const id = useId();
  return (
    <fieldset className="col-span-full grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
      <legend className="mb-2 text-xs font-medium text-muted-foreground">Lettings</legend>
      <Field label="Type of let" id={`${id}-let-type`}>
        <Select
          id={`${id}-let-type`}
          options={LET_TYPE_OPTIONS}
          value={state.letType ?? ''}
          onValueChange={(v) => onApply({ letType: (v || undefined) as LetTypeValue | undefined })}
        />
      </Field>
      <Field label="Furnishing" id={`${id}-furnished`}>
        <Select
          id={`${id}-furnished`}
          options={FURNISHING_OPTIONS}
          value={state.furnished ?? ''}
          onValueChange={(v) => onApply({ furnished: (v || undefined) as FurnishingValue | undefined })}
        />
      </Field>
      <div className="col-span-2 flex flex-wrap items-end gap-x-6 gap-y-2 pb-2 md:col-span-1 lg:col-span-4">
        <RefinementCheckbox
          label={LISTING_FACT_FILTER_LABELS.petsAllowed}
          checked={state.petsAllowed === true}
          onChange={(on) => onApply({ petsAllowed: on ? true : undefined })}
        />
        <RefinementCheckbox
          label={LISTING_FACT_FILTER_LABELS.billsIncluded}
          checked={state.billsIncluded === true}
          onChange={(on) => onApply({ billsIncluded: on ? true : undefined })}
        />
      </div>
    </fieldset>
  );
}
