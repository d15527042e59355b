import { useFormContext, useWatch } from 'react-hook-form';
import { WEEKS_PER_MONTH } from '@abode/shared/agent/listing-input.schema';
import type { ListingMode } from '@abode/shared/listings/listing.schema';
import {
  PRICE_QUALIFIER_LABELS,
  PRICE_QUALIFIERS_BY_MODE,
  type PriceQualifierValue,
} from '@abode/shared/listings/listing-vocabulary';
import { formatPounds } from '@abode/shared/money';
import { FormField } from '#src/components/ui/form-field.tsx';
import { Select } from '#src/components/ui/select.tsx';
import type { ListingFormState } from '../utils/listing-form-state.ts';
import { PoundsField, useListingField } from './listing-form-parts.tsx';

/** The qualifier's choice in the select: POA spelt out, since the select is the one place it is chosen. */
const qualifierLabel = (qualifier: PriceQualifierValue) =>
  qualifier === 'poa' ? 'Price on application (POA)' : PRICE_QUALIFIER_LABELS[qualifier];

/** The qualifiers a mode may use, 'None' (the plain figure) first. */
export function qualifierOptions(mode: ListingMode) {
  return [
    { value: '', label: 'None' },
    ...PRICE_QUALIFIERS_BY_MODE[mode].map((q) => ({ value: q, label: qualifierLabel(q) })),
  ];
}

/** The pcm figure of a weekly rent typed in pence (× 52 ÷ 12, as the server stores it), in whole pounds. */
function pcmOfWeekly(pence: unknown): string | undefined {
  if (typeof pence !== 'number' || !Number.isFinite(pence) || pence <= 0) return undefined;
  return formatPounds(Math.round(pence * WEEKS_PER_MONTH));
}

/**
 * The price of a listing (REQ-LISTING-11): its qualifier ('Guide price', 'Offers over', … by mode), how a rent is quoted
 * (per month or per week), and the figure. Price on application hides the figure: none is asked for and Abode shows
 * 'POA' wherever the price would be. A weekly rent shows its pcm equivalent, the figure searches and sorts use.
 */
export function PriceFields({ mode }: { mode: ListingMode }) {
  const { register, control } = useFormContext<ListingFormState>();
  const { errorOf, a11y } = useListingField();
  const [qualifier, frequency, price] = useWatch({
    control,
    name: ['priceQualifier', 'rentFrequency', 'pricePence'],
  });
  const weekly = mode === 'rent' && frequency === 'pw';
  const pcm = weekly ? pcmOfWeekly(price) : undefined;
  const frequencyError = errorOf('rentFrequency');

  return (
    <>
      <FormField id="listing-priceQualifier" label="Price qualifier" error={errorOf('priceQualifier')}>
        <Select
          {...register('priceQualifier')}
          {...a11y('priceQualifier')}
          options={qualifierOptions(mode)}
        />
      </FormField>
      {mode === 'rent' && (
        <fieldset
          className="flex min-w-0 flex-col gap-1.5"
          aria-describedby={frequencyError ? 'listing-rentFrequency-error' : undefined}
        >
          <legend className="mb-1.5 text-sm leading-none font-medium">Rent quoted</legend>
          <div className="flex h-10 flex-wrap items-center gap-x-5 gap-y-2">
            {(
              [
                ['pcm', 'per month (pcm)'],
                ['pw', 'per week (pw)'],
              ] as const
            ).map(([value, label], index) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={value}
                  id={index === 0 ? 'listing-rentFrequency' : undefined}
                  className="size-4 accent-primary"
                  {...register('rentFrequency')}
                />
                {label}
              </label>
            ))}
          </div>
          {frequencyError && (
            <p id="listing-rentFrequency-error" className="text-sm text-destructive">
              {frequencyError}
            </p>
          )}
        </fieldset>
      )}
      {qualifier === 'poa' ? (
        <div className="flex min-w-0 flex-col gap-1.5" data-testid="price-on-application">
          <p className="text-sm leading-none font-medium">{mode === 'rent' ? 'Rent' : 'Asking price'}</p>
          <p className="text-sm text-muted-foreground">
            Price on application: no figure is needed, and Abode shows POA wherever the price would be.
          </p>
        </div>
      ) : (
        <PoundsField
          name="pricePence"
          label={mode === 'rent' ? `Rent (£ ${weekly ? 'pw' : 'pcm'})` : 'Asking price (£)'}
          suffix={mode === 'rent' ? (weekly ? 'pw' : 'pcm') : undefined}
          hint={pcm && `${pcm} pcm (the weekly rent × 52 ÷ 12)`}
        />
      )}
    </>
  );
}
