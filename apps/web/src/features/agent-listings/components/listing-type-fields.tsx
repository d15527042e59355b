import { useFormContext, useWatch } from 'react-hook-form';
import {
  PROPERTY_SUB_TYPE_LABELS,
  PROPERTY_SUB_TYPES_BY_TYPE,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  type PropertySubTypeValue,
  type PropertyTypeValue,
} from '@abode/shared/listings/listing-vocabulary';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/select.tsx';
import type { ListingFormState } from '../utils/listing-form-state.ts';
import { useListingField } from './listing-form-parts.tsx';
import { NOT_SPECIFIED } from './listing-details-fields.tsx';

const TYPE_OPTIONS = PROPERTY_TYPES.map((t) => ({ value: t, label: PROPERTY_TYPE_LABELS[t] }));

/** The styles of one type ('Terraced', 'Semi-detached'… for a house), after 'Not specified'. */
export function subTypeOptions(type: PropertyTypeValue) {
  return [
    NOT_SPECIFIED,
    ...PROPERTY_SUB_TYPES_BY_TYPE[type].map((s) => ({ value: s, label: PROPERTY_SUB_TYPE_LABELS[s] })),
  ];
}

const fits = (type: PropertyTypeValue, subType: string) =>
  (PROPERTY_SUB_TYPES_BY_TYPE[type] as readonly string[]).includes(subType);

/**
 * The property type and its style (the built form: 'Semi-detached' house, 'Ground floor flat'), side by side. The
 * style's choices follow the type (the shared vocabulary, as Rightmove's sub-types do); choosing another type clears
 * a style that does not fit it, so no hidden mismatch is sent. A blank style means the agent did not give one.
 */
export function PropertyTypeFields() {
  const { register, control, getValues, setValue } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const type = (useWatch({ control, name: 'propertyType' }) ?? 'house') as PropertyTypeValue;
  const onTypeChange = (event: { target: { value: string } }) => {
    const subType = getValues('propertySubType') as string | null | undefined;
    if (subType && !fits(event.target.value as PropertyTypeValue, subType))
      setValue('propertySubType', '', { shouldValidate: Boolean(errorOf('propertySubType')) });
  };
  const current = getValues('propertySubType') as PropertySubTypeValue | '' | null | undefined;
  const options = subTypeOptions(type);
  // A stored style the type no longer offers (data from before a vocabulary change) stays visible to be changed.
  if (current && !fits(type, current))
    options.push({ value: current, label: PROPERTY_SUB_TYPE_LABELS[current] ?? current });
  return (
    <>
      <FormField id="listing-propertyType" label="Property type" error={errorOf('propertyType')}>
        <Select
          {...register('propertyType', { onChange: onTypeChange })}
          {...a11y('propertyType')}
          options={TYPE_OPTIONS}
        />
      </FormField>
      <FormField id="listing-propertySubType" label="Style" error={errorOf('propertySubType')}>
        <Select {...register('propertySubType')} {...a11y('propertySubType')} options={options} />
      </FormField>
    </>
  );
}
