import { useFormContext, useWatch } from 'react-hook-form';
import { LISTING_COUNT_MAX } from '@abode/shared/agent/listing-input.schema';
import { EpcRatingSchema, FEATURE_LABELS, FeatureSchema } from '@abode/shared/listings/listing.schema';
import { TOUR_URL_MAX_LENGTH } from '@abode/shared/listings/tours';
import { readPlainNumber } from '@abode/shared/sanitise';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import type { ListingFormState } from '../utils/listing-form-state.ts';
import { squareFeet } from '../utils/measurements.ts';
import { useListingField } from './listing-form-parts.tsx';

export const NOT_SPECIFIED = { value: '', label: 'Not specified' };
const EPC_OPTIONS = [NOT_SPECIFIED, ...EpcRatingSchema.options.map((r) => ({ value: r, label: r }))];

const COUNTS = [
  ['bedrooms', 'Bedrooms'],
  ['bathrooms', 'Bathrooms'],
  ['receptionRooms', 'Reception rooms'],
  ['parkingSpaces', 'Parking spaces'],
] as const;

/**
 * The listing's facts: room counts, floor area in m² (ft² shown beside), the EPC's current and potential ratings and
 * the home page's feature tags.
 */
export function DetailsFields() {
  const { register, control } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const sqft = squareFeet(useWatch({ control, name: 'floorAreaSqm' }));
  return (
    <>
      {COUNTS.map(([name, label]) => (
        <FormField key={name} id={`listing-${name}`} label={label} error={errorOf(name)}>
          <Input
            type="number"
            min={0}
            max={LISTING_COUNT_MAX}
            {...register(name, { setValueAs: readPlainNumber })}
            {...a11y(name)}
          />
        </FormField>
      ))}
      <FormField
        id="listing-floorAreaSqm"
        label="Floor area (m²)"
        error={errorOf('floorAreaSqm')}
        hint={sqft && <span aria-live="polite">{sqft}</span>}
      >
        <Input
          type="number"
          min={1}
          step="any"
          {...register('floorAreaSqm', { setValueAs: readPlainNumber })}
          {...a11y('floorAreaSqm', Boolean(sqft))}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField id="listing-epcRating" label="EPC (current)" error={errorOf('epcRating')}>
          <Select {...register('epcRating')} {...a11y('epcRating')} options={EPC_OPTIONS} />
        </FormField>
        <FormField
          id="listing-epcPotentialRating"
          label="EPC (potential)"
          error={errorOf('epcPotentialRating')}
        >
          <Select {...register('epcPotentialRating')} {...a11y('epcPotentialRating')} options={EPC_OPTIONS} />
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium">Features</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {FeatureSchema.options.map((feature) => (
            <label key={feature} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={feature}
                className="size-4 accent-primary"
                {...register('features')}
              />
              {FEATURE_LABELS[feature]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** Video and virtual tour links: https only (the schema refuses others with its own message). */
export function TourFields() {
  const { register } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  return (
    <>
      {(
        [
          ['videoTourUrl', 'Video tour link', 'https://www.youtube.com/watch?v=…'],
          ['virtualTourUrl', 'Virtual tour link', 'https://my.matterport.com/show/?m=…'],
        ] as const
      ).map(([name, label, placeholder]) => (
        <FormField key={name} id={`listing-${name}`} label={label} error={errorOf(name)}>
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={TOUR_URL_MAX_LENGTH}
            placeholder={placeholder}
            {...register(name)}
            {...a11y(name)}
          />
        </FormField>
      ))}
    </>
  );
}
