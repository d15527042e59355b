import { useFormContext } from 'react-hook-form';
import { LET_TYPE_LABELS, LET_TYPES } from '@abode/shared/listings/listing-vocabulary';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import type { ListingFormState } from '../utils/listing-form-state.ts';
import { NOT_SPECIFIED } from './listing-details-fields.tsx';
import { useListingField } from './listing-form-parts.tsx';

const LET_TYPE_OPTIONS = [NOT_SPECIFIED, ...LET_TYPES.map((t) => ({ value: t, label: LET_TYPE_LABELS[t] }))];
const FURNISHED_OPTIONS = [
  NOT_SPECIFIED,
  { value: 'furnished', label: 'Furnished' },
  { value: 'part_furnished', label: 'Part furnished' },
  { value: 'unfurnished', label: 'Unfurnished' },
];
const YES_NO_OPTIONS = [NOT_SPECIFIED, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];

const YES_NO_FIELDS = [
  ['billsIncluded', 'Bills included'],
  ['petsAllowed', 'Pets allowed'],
  ['councilTaxIncluded', 'Council tax included in the rent'],
] as const;

/**
 * The terms of a let (rentals only; the deposit, holding deposit and minimum term are Part A, in Material
 * information): let type, furnishing, available from, and whether bills and council tax are in the rent and pets
 * are allowed — the filters renters use.
 */
export function LettingsFields() {
  const { register } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  return (
    <>
      <FormField id="listing-letType" label="Let type" error={errorOf('letType')}>
        <Select {...register('letType')} {...a11y('letType')} options={LET_TYPE_OPTIONS} />
      </FormField>
      <FormField id="listing-furnished" label="Furnishing" error={errorOf('furnished')}>
        <Select {...register('furnished')} {...a11y('furnished')} options={FURNISHED_OPTIONS} />
      </FormField>
      <FormField id="listing-availableFrom" label="Available from" error={errorOf('availableFrom')}>
        <Input type="date" {...register('availableFrom')} {...a11y('availableFrom')} />
      </FormField>
      {YES_NO_FIELDS.map(([name, label]) => (
        <FormField key={name} id={`listing-${name}`} label={label} error={errorOf(name)}>
          <Select {...register(name)} {...a11y(name)} options={YES_NO_OPTIONS} />
        </FormField>
      ))}
    </>
  );
}
