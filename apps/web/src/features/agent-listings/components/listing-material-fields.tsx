import { useFormContext, useWatch } from 'react-hook-form';
import {
  hasLease,
  LISTING_GROUND_RENT_REVIEW_MAX_LENGTH,
  LISTING_LEASE_YEARS_MAX,
  LISTING_MINIMUM_TERM_MAX_MONTHS,
} from '@abode/shared/agent/listing-input.schema';
import {
  CouncilTaxBandSchema,
  TENURE_LABELS,
  TenureSchema,
  type ListingMode,
  type Tenure,
} from '@abode/shared/listings/listing.schema';
import { MATERIAL_ITEM_KEYS } from '@abode/shared/listings/material-information';
import { readPlainNumber } from '@abode/shared/sanitise';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import type { ListingFormState } from '../utils/listing-form-state.ts';
import { NOT_SPECIFIED } from './listing-details-fields.tsx';
import { PoundsField, useListingField } from './listing-form-parts.tsx';
import { MaterialPart } from './material-item-row.tsx';

const TENURE_OPTIONS = [
  NOT_SPECIFIED,
  ...TenureSchema.options.map((t) => ({ value: t, label: TENURE_LABELS[t] })),
];
const COUNCIL_TAX_OPTIONS = [
  NOT_SPECIFIED,
  ...CouncilTaxBandSchema.options.map((b) => ({ value: b, label: b === 'exempt' ? 'Exempt' : `Band ${b}` })),
];

/** A whole number typed plainly (years, months), bound to `name`. */
function WholeNumberField({
  name,
  label,
  max,
  hint,
}: {
  name: 'leaseYearsRemaining' | 'minimumTermMonths';
  label: string;
  max: number;
  hint?: string;
}) {
  const { register } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  return (
    <FormField id={`listing-${name}`} label={label} error={errorOf(name)} hint={hint}>
      <Input
        type="number"
        min={0}
        max={max}
        {...register(name, { setValueAs: readPlainNumber })}
        {...a11y(name, Boolean(hint))}
      />
    </FormField>
  );
}

/**
 * Part A (National Trading Standards' material information): what every listing must say before it goes live —
 * council tax band and (for a sale) tenure; for a leasehold or share of freehold sale the lease terms; for a let the
 * deposit, holding deposit and minimum term. The price or rent is in Basics. Drafts may leave these blank.
 */
function PartAFields({ mode }: { mode: ListingMode }) {
  const { register, control } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const tenure = useWatch({ control, name: 'tenure' }) as Tenure | '' | undefined;
  const lease = mode === 'sale' && hasLease(tenure || null);
  return (
    <fieldset className="grid min-w-0 gap-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold">Part A: required before the listing goes live</legend>
      <p className="text-xs text-muted-foreground sm:col-span-2">
        A draft can be saved without these; a listing cannot go live until each is given (0 counts as an
        answer where there is none). The {mode === 'rent' ? 'rent' : 'price'} is under Basics.
      </p>
      <FormField id="listing-councilTaxBand" label="Council tax band" error={errorOf('councilTaxBand')}>
        <Select {...register('councilTaxBand')} {...a11y('councilTaxBand')} options={COUNCIL_TAX_OPTIONS} />
      </FormField>
      <FormField
        id="listing-tenure"
        label={mode === 'rent' ? 'Tenure (optional)' : 'Tenure'}
        error={errorOf('tenure')}
      >
        <Select {...register('tenure')} {...a11y('tenure')} options={TENURE_OPTIONS} />
      </FormField>
      {lease && (
        <>
          <WholeNumberField
            name="leaseYearsRemaining"
            label="Lease years remaining"
            max={LISTING_LEASE_YEARS_MAX}
          />
          <PoundsField
            name="groundRentPence"
            label="Ground rent (£ a year)"
            hint="Enter 0 if there is none."
          />
          <FormField
            id="listing-groundRentReview"
            label="Ground rent review"
            error={errorOf('groundRentReview')}
            hint="How and when it rises, e.g. doubles every 25 years. Needed when there is a ground rent."
          >
            <Input
              maxLength={LISTING_GROUND_RENT_REVIEW_MAX_LENGTH}
              {...register('groundRentReview')}
              {...a11y('groundRentReview', true)}
            />
          </FormField>
          <PoundsField
            name="serviceChargePence"
            label="Service charge (£ a year)"
            hint="Enter 0 if there is none."
          />
        </>
      )}
      {mode === 'rent' && (
        <>
          <PoundsField
            name="depositPence"
            label="Deposit (£)"
            hint="At most five weeks' rent where the yearly rent is under £50,000 (Tenant Fees Act 2019)."
          />
          <PoundsField
            name="holdingDepositPence"
            label="Holding deposit (£)"
            hint="At most one week's rent. Enter 0 if none is taken."
          />
          <WholeNumberField
            name="minimumTermMonths"
            label="Minimum term (months)"
            max={LISTING_MINIMUM_TERM_MAX_MONTHS}
          />
        </>
      )}
    </fieldset>
  );
}

/**
 * The Material information section: Part A, then Parts B and C as folding groups of compact rows, with a button
 * that marks every unanswered Part B/C question 'Ask agent' at once.
 */
export function MaterialFields({ mode }: { mode: ListingMode }) {
  const { getValues, setValue } = useFormContext<ListingFormState>();
  const markUnansweredAskAgent = () => {
    for (const key of MATERIAL_ITEM_KEYS) {
      const row = getValues(`materialInformation.${key}`);
      if (!row?.status)
        setValue(
          `materialInformation.${key}`,
          { status: 'ask-agent', value: null, note: row?.note ?? '' },
          { shouldDirty: true, shouldValidate: false },
        );
    }
  };
  return (
    <>
      <PartAFields mode={mode} />
      <div className="flex flex-col gap-2 sm:col-span-2">
        <h3 className="text-sm font-semibold">Parts B and C</h3>
        <p className="text-xs text-muted-foreground">
          Every listing answers Part B; Part C where it applies. Each question can be answered, marked Ask
          agent, or Not applicable; one left unanswered reads Ask agent on the listing. Property type,
          bedrooms and rooms come from the sections above.
        </p>
        <Button variant="outline" size="sm" className="w-fit" onClick={markUnansweredAskAgent}>
          Mark all unanswered as Ask agent
        </Button>
      </div>
      <MaterialPart part="B" title="construction, utilities, broadband, mobile signal, parking" />
      <MaterialPart
        part="C"
        title="safety, restrictions, rights, flood and erosion risk, planning, access, mining"
      />
    </>
  );
}
