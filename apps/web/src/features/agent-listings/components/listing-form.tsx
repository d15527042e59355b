import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  approximateLocationText,
  FLAGS_BY_MODE,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_MESSAGES,
  LISTING_TITLE_MAX_LENGTH,
  ListingFieldsSchema,
  ListingInputSchema,
  STATUSES_BY_MODE,
  type ListingFormValues,
  type ListingInput,
  type PostcodeLocation,
} from '@abode/shared/agent/listing-input.schema';
import {
  CouncilTaxBandSchema,
  EpcRatingSchema,
  FEATURE_LABELS,
  FeatureSchema,
  LISTING_STATUS_LABELS,
  PropertyTypeSchema,
  PROPERTY_TYPE_LABELS,
  TENURE_LABELS,
  TenureSchema,
  type ListingMode,
} from '@abode/shared/listings/listing.schema';
import { readPlainNumber } from '@abode/shared/sanitise';
import { Button } from '#src/components/ui/button.tsx';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { Textarea } from '#src/components/ui/textarea.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { FlagsFieldset, PoundsInput, Section } from './listing-form-parts.tsx';
import { locatePostcode } from '#src/features/agent-listings/api/agent-listings.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

const NONE = { value: '', label: 'Not specified' };
const PROPERTY_TYPE_OPTIONS = PropertyTypeSchema.options.map((t) => ({
  value: t,
  label: PROPERTY_TYPE_LABELS[t],
}));
const TENURE_OPTIONS = [NONE, ...TenureSchema.options.map((t) => ({ value: t, label: TENURE_LABELS[t] }))];
const COUNCIL_TAX_OPTIONS = [
  NONE,
  ...CouncilTaxBandSchema.options.map((b) => ({ value: b, label: b === 'exempt' ? 'Exempt' : `Band ${b}` })),
];
const EPC_OPTIONS = [NONE, ...EpcRatingSchema.options.map((r) => ({ value: r, label: r }))];
const FURNISHED_OPTIONS = [
  NONE,
  { value: 'furnished', label: 'Furnished' },
  { value: 'part_furnished', label: 'Part furnished' },
  { value: 'unfurnished', label: 'Unfurnished' },
];
const MODE_OPTIONS = [
  { value: 'sale', label: 'For Sale' },
  { value: 'rent', label: 'To Rent' },
];

/** Values of a new listing: a draft for sale. */
export const EMPTY_LISTING: ListingFormValues = {
  title: '',
  description: '',
  pricePence: '',
  mode: 'sale',
  status: 'draft',
  propertyType: 'house',
  bedrooms: 0,
  bathrooms: 0,
  parkingSpaces: 0,
  addressLine1: '',
  city: '',
  postcode: '',
  tenure: '',
  councilTaxBand: '',
  epcRating: '',
  floorAreaSqm: '',
  features: [],
  flags: [],
  availableFrom: '',
  furnished: '',
};

/**
 * The add/edit listing form (issue #5): Basics, Location (postcode located on blur; a postcode our data lacks is
 * placed at its district's centre and the agent is told the pin is approximate, issue #23), Details, Material
 * information and — for rentals — Lettings. Validated with the shared ListingInputSchema (the server checks the same
 * one), errors under each field, focus on the first error, 'Saving...' while saving. `photoCount` (when known: 0 for
 * a new listing) refuses 'Active' without a photo before sending, with the server's own message (issue #23).
 * `onSubmit` gets the parsed listing (price in pence) and throws to keep the form as it is.
 */
export function ListingForm({
  defaultValues = EMPTY_LISTING,
  submitLabel,
  onSubmit,
  photoCount,
}: {
  defaultValues?: ListingFormValues;
  submitLabel: string;
  onSubmit: (input: ListingInput) => Promise<unknown>;
  photoCount?: number | undefined;
}) {
  const form = useForm<ListingFormValues, unknown, ListingInput>({
    resolver: zodResolver(ListingInputSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const mode = (useWatch({ control, name: 'mode' }) ?? 'sale') as ListingMode;
  const [location, setLocation] = useState<PostcodeLocation | null>(null);

  const a11y = (name: FieldPath<ListingFormValues>, hint = false) =>
    fieldA11y(`listing-${name}`, errors[name as keyof typeof errors]?.message as string | undefined, hint);
  const errorOf = (name: keyof typeof errors) => errors[name]?.message as string | undefined;

  const checkPostcode = async (value: string) => {
    setLocation(null);
    if (!value.trim()) return;
    const parsed = ListingFieldsSchema.shape.postcode.safeParse(value);
    if (!parsed.success) {
      form.setError('postcode', { message: LISTING_MESSAGES.postcodeInvalid });
      return;
    }
    try {
      setLocation(await locatePostcode(parsed.data));
      form.clearErrors('postcode');
    } catch (error) {
      form.setError('postcode', {
        message:
          isApiError(error) && error.status === 404
            ? LISTING_MESSAGES.postcodeUnknown
            : LISTING_MESSAGES.postcodeInvalid,
      });
    }
  };

  const submit = form.handleSubmit(async (input) => {
    if (input.status === 'active' && photoCount === 0) {
      form.setError('status', { message: LISTING_MESSAGES.photoRequired }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit(input);
    } catch (error) {
      // Field problems only the server can see (e.g. a postcode missing from our data) go under their fields.
      const fieldErrors = isApiError(error)
        ? error.details.filter((d): d is { path: FieldPath<ListingFormValues>; message: string } =>
            Object.hasOwn(EMPTY_LISTING, d.path),
          )
        : [];
      fieldErrors.forEach((d, i) => form.setError(d.path, { message: d.message }, { shouldFocus: i === 0 }));
      showErrorToast(isApiError(error) ? error.message : LISTING_MESSAGES.notFound, { error });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <Section title="Basics">
        <FormField id="listing-title" label="Title" error={errorOf('title')} className="sm:col-span-2">
          <Input
            {...register('title')}
            {...a11y('title')}
            maxLength={LISTING_TITLE_MAX_LENGTH}
            placeholder="3 bedroom house for sale"
          />
        </FormField>
        <FormField id="listing-mode" label="Sale or rent" error={errorOf('mode')}>
          <Select
            {...register('mode', {
              onChange: (event: { target: { value: string } }) => {
                const next = event.target.value as ListingMode;
                const status = form.getValues('status') as ListingInput['status'];
                if (!STATUSES_BY_MODE[next].includes(status)) form.setValue('status', 'draft');
                // Shared ownership and auction are sale-only: drop them rather than leave a hidden error.
                const flags = form.getValues('flags') ?? [];
                const kept = flags.filter((flag) => FLAGS_BY_MODE[next].includes(flag));
                if (kept.length !== flags.length) form.setValue('flags', kept);
              },
            })}
            {...a11y('mode')}
            options={MODE_OPTIONS}
          />
        </FormField>
        <FormField id="listing-propertyType" label="Property type" error={errorOf('propertyType')}>
          <Select {...register('propertyType')} {...a11y('propertyType')} options={PROPERTY_TYPE_OPTIONS} />
        </FormField>
        <FormField
          id="listing-pricePence"
          label={mode === 'rent' ? 'Rent (£ pcm)' : 'Asking price (£)'}
          error={errorOf('pricePence')}
        >
          <Controller
            control={control}
            name="pricePence"
            render={({ field }) => (
              <PoundsInput
                id="listing-pricePence"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                mode={mode}
                invalid={Boolean(errors.pricePence)}
                describedBy={errors.pricePence ? 'listing-pricePence-error' : undefined}
              />
            )}
          />
        </FormField>
        <FormField
          id="listing-status"
          label="Status"
          error={errorOf('status')}
          hint="Drafts are only visible to you. A listing appears on Abode once it is active (which needs at least one photo) and an admin approves it."
        >
          <Select
            {...register('status')}
            {...a11y('status', true)}
            options={STATUSES_BY_MODE[mode].map((s) => ({ value: s, label: LISTING_STATUS_LABELS[s] }))}
          />
        </FormField>
        <Controller
          control={control}
          name="flags"
          render={({ field }) => (
            <FlagsFieldset
              mode={mode}
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errorOf('flags')}
            />
          )}
        />
      </Section>

      <Section
        title="Location"
        description="Public pages show the street, town and postcode, never a house number."
      >
        <FormField
          id="listing-addressLine1"
          label="Address line 1"
          error={errorOf('addressLine1')}
          className="sm:col-span-2"
        >
          <Input {...register('addressLine1')} {...a11y('addressLine1')} autoComplete="address-line1" />
        </FormField>
        <FormField id="listing-city" label="Town" error={errorOf('city')}>
          <Input {...register('city')} {...a11y('city')} autoComplete="address-level2" />
        </FormField>
        <FormField
          id="listing-postcode"
          label="Postcode"
          error={errorOf('postcode')}
          hint={
            location ? (
              <span aria-live="polite">
                {location.approximate
                  ? approximateLocationText(location.outcode)
                  : `Located: ${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)}`}
              </span>
            ) : undefined
          }
        >
          <Input
            {...register('postcode', {
              onBlur: (event: { target: { value: string } }) => void checkPostcode(event.target.value),
            })}
            {...a11y('postcode', Boolean(location))}
            autoComplete="postal-code"
            className="uppercase"
          />
        </FormField>
      </Section>

      <Section title="Details">
        <FormField id="listing-bedrooms" label="Bedrooms" error={errorOf('bedrooms')}>
          <Input
            type="number"
            min={0}
            max={50}
            {...register('bedrooms', { setValueAs: readPlainNumber })}
            {...a11y('bedrooms')}
          />
        </FormField>
        <FormField id="listing-bathrooms" label="Bathrooms" error={errorOf('bathrooms')}>
          <Input
            type="number"
            min={0}
            max={50}
            {...register('bathrooms', { setValueAs: readPlainNumber })}
            {...a11y('bathrooms')}
          />
        </FormField>
        <FormField id="listing-parkingSpaces" label="Parking spaces" error={errorOf('parkingSpaces')}>
          <Input
            type="number"
            min={0}
            max={50}
            {...register('parkingSpaces', { setValueAs: readPlainNumber })}
            {...a11y('parkingSpaces')}
          />
        </FormField>
        <FormField id="listing-floorAreaSqm" label="Floor area (m²)" error={errorOf('floorAreaSqm')}>
          <Input
            type="number"
            min={1}
            step="any"
            {...register('floorAreaSqm', { setValueAs: readPlainNumber })}
            {...a11y('floorAreaSqm')}
          />
        </FormField>
        <FormField id="listing-epcRating" label="EPC rating" error={errorOf('epcRating')}>
          <Select {...register('epcRating')} {...a11y('epcRating')} options={EPC_OPTIONS} />
        </FormField>
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
        <FormField
          id="listing-description"
          label="Description"
          error={errorOf('description')}
          className="sm:col-span-2"
        >
          <Textarea
            rows={6}
            maxLength={LISTING_DESCRIPTION_MAX_LENGTH}
            {...register('description')}
            {...a11y('description')}
          />
        </FormField>
      </Section>

      <Section
        title="Material information"
        description={
          <>
            Required before a listing can go live. National Trading Standards&apos; material information
            guidance (Part A) asks every listing for the price or rent and the council tax band, and sale
            listings for the tenure.
          </>
        }
      >
        <FormField
          id="listing-tenure"
          label={mode === 'rent' ? 'Tenure (optional)' : 'Tenure'}
          error={errorOf('tenure')}
        >
          <Select {...register('tenure')} {...a11y('tenure')} options={TENURE_OPTIONS} />
        </FormField>
        <FormField id="listing-councilTaxBand" label="Council tax band" error={errorOf('councilTaxBand')}>
          <Select {...register('councilTaxBand')} {...a11y('councilTaxBand')} options={COUNCIL_TAX_OPTIONS} />
        </FormField>
      </Section>

      {mode === 'rent' && (
        <Section title="Lettings">
          <FormField id="listing-availableFrom" label="Available from" error={errorOf('availableFrom')}>
            <Input type="date" {...register('availableFrom')} {...a11y('availableFrom')} />
          </FormField>
          <FormField id="listing-furnished" label="Furnishing" error={errorOf('furnished')}>
            <Select {...register('furnished')} {...a11y('furnished')} options={FURNISHED_OPTIONS} />
          </FormField>
        </Section>
      )}

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
