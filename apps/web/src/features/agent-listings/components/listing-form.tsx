import { useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import {
  approximateLocationText,
  FLAGS_BY_MODE,
  LISTING_MESSAGES,
  LISTING_TITLE_MAX_LENGTH,
  ListingFieldsSchema,
  STATUSES_BY_MODE,
  type ListingFormValues,
  type ListingInput,
  type PostcodeLocation,
} from '@abode/shared/agent/listing-input.schema';
import { LISTING_STATUS_LABELS, type ListingMode } from '@abode/shared/listings/listing.schema';
import {
  PRICE_QUALIFIERS_BY_MODE,
  type PriceQualifierValue,
} from '@abode/shared/listings/listing-vocabulary';
import { Button } from '#src/components/ui/button.tsx';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Select } from '#src/components/ui/select.tsx';
import { locatePostcode } from '#src/features/agent-listings/api/agent-listings.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';
import {
  formPathOf,
  isListingPath,
  listingResolver,
  toFormState,
  toSchemaValues,
  type ListingFormState,
} from '../utils/listing-form-state.ts';
import { DescriptionFields } from './listing-description-fields.tsx';
import { DetailsFields, TourFields } from './listing-details-fields.tsx';
import { ListingErrorSummary, revealAndFocus } from './listing-error-summary.tsx';
import { FlagsFieldset, Section, useListingField, type ListingPath } from './listing-form-parts.tsx';
import { LettingsFields } from './listing-lettings-fields.tsx';
import { hasPlaceChoices, ListingPlaceFields, type ListingPlaceOptions } from './listing-place-fields.tsx';
import { MaterialFields } from './listing-material-fields.tsx';
import { PriceFields } from './listing-price-fields.tsx';
import { PropertyTypeFields } from './listing-type-fields.tsx';

const MODE_OPTIONS = [
  { value: 'sale', label: 'For Sale' },
  { value: 'rent', label: 'To Rent' },
];

/** Values of a new listing: a draft for sale, every optional field blank. */
export const EMPTY_LISTING: ListingFormValues = {
  title: '',
  description: '',
  pricePence: '',
  priceQualifier: '',
  rentFrequency: '',
  mode: 'sale',
  status: 'draft',
  propertyType: 'house',
  propertySubType: '',
  bedrooms: 0,
  bathrooms: 0,
  receptionRooms: 0,
  parkingSpaces: 0,
  addressLine1: '',
  city: '',
  postcode: '',
  tenure: '',
  councilTaxBand: '',
  epcRating: '',
  epcPotentialRating: '',
  floorAreaSqm: '',
  features: [],
  flags: [],
  summary: '',
  keyFeatures: [],
  rooms: [],
  videoTourUrl: '',
  virtualTourUrl: '',
  leaseYearsRemaining: '',
  groundRentPence: '',
  groundRentReview: '',
  serviceChargePence: '',
  depositPence: '',
  holdingDepositPence: '',
  minimumTermMonths: '',
  letType: '',
  availableFrom: '',
  furnished: '',
  billsIncluded: '',
  petsAllowed: '',
  councilTaxIncluded: '',
  materialInformation: {},
};

/** Basics: title, type and style, sale or rent, price, status and the sale or letting flags. */
function BasicsFields({ mode }: { mode: ListingMode }) {
  const { register, control, getValues, setValue } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  // ADR 029: until an admin verifies the agency (or while it is suspended) only drafts are accepted; say why here.
  const standing = useAuth().me?.agency?.standing;
  // Switching sale/rent drops what the other mode cannot carry rather than leave a hidden error.
  const onModeChange = (event: { target: { value: string } }) => {
    const next = event.target.value as ListingMode;
    if (!STATUSES_BY_MODE[next].includes(getValues('status') as ListingInput['status']))
      setValue('status', 'draft');
    const flags = getValues('flags') ?? [];
    const kept = flags.filter((flag) => FLAGS_BY_MODE[next].includes(flag));
    if (kept.length !== flags.length) setValue('flags', kept);
    const qualifier = getValues('priceQualifier') as PriceQualifierValue | '';
    if (qualifier && !PRICE_QUALIFIERS_BY_MODE[next].includes(qualifier)) setValue('priceQualifier', '');
    if (next === 'rent' && !getValues('rentFrequency')) setValue('rentFrequency', 'pcm');
  };
  return (
    <>
      <FormField id="listing-title" label="Title" error={errorOf('title')} className="sm:col-span-2">
        <Input
          {...register('title')}
          {...a11y('title')}
          maxLength={LISTING_TITLE_MAX_LENGTH}
          placeholder="3 bedroom house for sale"
        />
      </FormField>
      <PropertyTypeFields />
      <FormField id="listing-mode" label="Sale or rent" error={errorOf('mode')}>
        <Select {...register('mode', { onChange: onModeChange })} {...a11y('mode')} options={MODE_OPTIONS} />
      </FormField>
      <PriceFields mode={mode} />
      <FormField
        id="listing-status"
        label="Status"
        error={errorOf('status')}
        hint={
          standing === 'unverified'
            ? LISTING_MESSAGES.agencyNotVerified
            : standing === 'suspended'
              ? LISTING_MESSAGES.agencySuspended
              : 'Drafts are only visible to you. A listing appears on Abode once it is active (which needs at least one photo and Part A of the material information) and an admin approves it.'
        }
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
    </>
  );
}

/**
 * Location: the postcode is located on blur; one our data lacks is placed at its district's centre and the agent is
 * told the pin is approximate (REQ-PLACE-06).
 */
function LocationFields() {
  const { register, setError, clearErrors } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const [location, setLocation] = useState<PostcodeLocation | null>(null);
  const checkPostcode = async (value: string) => {
    setLocation(null);
    if (!value.trim()) return;
    const parsed = ListingFieldsSchema.shape.postcode.safeParse(value);
    if (!parsed.success) {
      setError('postcode', { message: LISTING_MESSAGES.postcodeInvalid });
      return;
    }
    try {
      setLocation(await locatePostcode(parsed.data));
      clearErrors('postcode');
    } catch (error) {
      setError('postcode', {
        message:
          isApiError(error) && error.status === 404
            ? LISTING_MESSAGES.postcodeUnknown
            : LISTING_MESSAGES.postcodeInvalid,
      });
    }
  };
  return (
    <>
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
    </>
  );
}

/**
 * The add/edit listing form (REQ-LISTING-11), in sections: Basics (with the property's style, the price qualifier
 * and, for a rent, pcm or pw), Location, Details, Description (summary, key features, rooms), Tours, Material
 * information (Part A; Parts B and C as folding groups) and — for rentals — Lettings terms. Validated with the shared ListingInputSchema (the
 * server checks the same one, listing-form-state.ts): each error under its field, a summary of them all at the top
 * linking to each, and focus on the first (a folded group holding one is opened). Errors the server finds come back
 * by path, nested ones too ('rooms.0.name', 'materialInformation.floodRisk.value'). `photoCount` (when known: 0 for
 * a new listing) refuses 'Active' without a photo before sending, with the server's own message (REQ-LISTING-06).
 * `onSubmit` gets the parsed listing (pence, metres) and throws to keep the form as it is. `place` (ADR 029) adds the
 * listing's branch and negotiator when the member has a choice to make.
 */
export function ListingForm({
  defaultValues = EMPTY_LISTING,
  submitLabel,
  onSubmit,
  photoCount,
  place,
}: {
  defaultValues?: ListingFormValues;
  submitLabel: string;
  onSubmit: (input: ListingInput) => Promise<unknown>;
  photoCount?: number | undefined;
  place?: ListingPlaceOptions | undefined;
}) {
  const [resolver] = useState(() => listingResolver());
  const [initialValues] = useState(() => toFormState({ ...EMPTY_LISTING, ...defaultValues }));
  const form = useForm<ListingFormState, unknown, ListingInput>({
    resolver,
    defaultValues: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Focus is moved once the errors are on screen (folded groups opened first): see `focusRequest`.
    shouldFocusError: false,
  });
  const {
    control,
    formState: { errors, isSubmitting, submitCount },
  } = form;
  const mode = (useWatch({ control, name: 'mode' }) ?? 'sale') as ListingMode;
  const formRef = useRef<HTMLFormElement>(null);
  // Each failed save asks for focus on its first error. The errors may render after the request (react-hook-form
  // publishes them on its own), so the request waits until a control is marked invalid.
  const [focusRequest, setFocusRequest] = useState(0);
  const focusDone = useRef(0);
  useEffect(() => {
    if (focusRequest === focusDone.current || !formRef.current) return;
    const invalid = [...formRef.current.querySelectorAll<HTMLElement>('[aria-invalid="true"]')];
    if (invalid.length === 0) return;
    focusDone.current = focusRequest;
    for (const element of invalid) element.closest('details')?.setAttribute('open', '');
    revealAndFocus(invalid[0]!.id);
  }, [focusRequest, errors]);

  const submit = form.handleSubmit(
    async (input) => {
      if (input.status === 'active' && photoCount === 0) {
        form.setError('status', { message: LISTING_MESSAGES.photoRequired });
        setFocusRequest((n) => n + 1);
        return;
      }
      try {
        await onSubmit(input);
      } catch (error) {
        // Problems only the server can see (e.g. a postcode missing from our data) go under their fields, at any
        // depth; the rest stay in the toast.
        const details = isApiError(error) ? error.details.filter((d) => isListingPath(d.path)) : [];
        // The server numbers the key features and rooms it was sent: the rows kept from the form's values.
        const { rows } = toSchemaValues(form.getValues());
        for (const d of details)
          form.setError(formPathOf(d.path.split('.'), rows) as ListingPath, { message: d.message });
        // ADR 029: the agency may not publish yet; the server's reason goes under Status too.
        const refusal = isApiError(error) && error.status === 403 ? error.message : '';
        if (refusal === LISTING_MESSAGES.agencyNotVerified || refusal === LISTING_MESSAGES.agencySuspended)
          form.setError('status', { message: refusal });
        if (details.length > 0 || refusal) setFocusRequest((n) => n + 1);
        showErrorToast(isApiError(error) ? error.message : LISTING_MESSAGES.notFound, { error });
      }
    },
    () => setFocusRequest((n) => n + 1),
  );

  return (
    <FormProvider {...form}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
        {submitCount > 0 && <ListingErrorSummary errors={errors} />}
        {place && hasPlaceChoices(place) && (
          <Section
            title="Branch and negotiator"
            description="Which branch markets the listing, and who looks after it."
          >
            <ListingPlaceFields {...place} />
          </Section>
        )}
        <Section title="Basics">
          <BasicsFields mode={mode} />
        </Section>
        <Section
          title="Location"
          description="Public pages show the street, town and postcode, never a house number."
        >
          <LocationFields />
        </Section>
        <Section title="Details">
          <DetailsFields />
        </Section>
        <Section title="Description">
          <DescriptionFields />
        </Section>
        <Section
          title="Tours"
          description="YouTube, Vimeo and Matterport links play on the listing's page; other https links are shown as links."
        >
          <TourFields />
        </Section>
        <Section
          title="Material information"
          description="What National Trading Standards' guidance says every listing must tell buyers and renters."
        >
          <MaterialFields mode={mode} />
        </Section>
        {mode === 'rent' && (
          <Section title="Lettings terms">
            <LettingsFields />
          </Section>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
