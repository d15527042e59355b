import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatPounds } from '@abode/shared/money';
import { SdltInputSchema } from '@abode/shared/property/calculators.schema';
import {
  calculateSdlt,
  formatRateBp,
  SDLT_BUYER_TYPE_LABELS,
  SDLT_BUYER_TYPES,
  SDLT_ENGLAND_RESIDENTIAL,
  type SdltBuyerType,
} from '@abode/shared/property/sdlt';
import { FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { useLiveParse } from '#src/lib/live-form.ts';

const effectiveDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${SDLT_ENGLAND_RESIDENTIAL.effectiveFrom}T00:00:00Z`));

const bandLabel = (fromPence: number, toPence: number | null) =>
  toPence === null
    ? `Over ${formatPounds(fromPence)}`
    : `${formatPounds(fromPence)} to ${formatPounds(toPence)}`;

/**
 * Stamp Duty Land Tax for buying this home in England (REQ-LISTING-19): the price (the asking price to start with) and
 * who is buying; shows every band of the rates used and the total, citing the rates' source and date.
 */
export default function StampDutyCalculator({ askingPricePence }: { askingPricePence: number }) {
  const id = useId();
  const form = useForm<{ price: string; buyer: SdltBuyerType }>({
    defaultValues: { price: String(Math.round(askingPricePence / 100)), buyer: 'standard' },
  });
  const { data, errors } = useLiveParse(form.control, SdltInputSchema, ({ price, buyer }) => ({
    pricePounds: price.replace(/[£,\s]/g, ''),
    buyer,
  }));
  const result = data ? calculateSdlt(data.pricePounds * 100, data.buyer) : undefined;
  const error = errors.pricePounds;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-price`} label="Property price (£)" error={error}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            {...fieldA11y(`${id}-price`, error)}
            {...form.register('price')}
          />
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">I am buying as</legend>
          {SDLT_BUYER_TYPES.map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                value={type}
                {...form.register('buyer')}
                className="size-4 accent-primary"
              />
              {SDLT_BUYER_TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
      </div>

      {result && (
        <div className="flex flex-col gap-3">
          <p className="text-lg" aria-live="polite">
            Stamp Duty to pay:{' '}
            <strong data-testid="sdlt-total" className="text-2xl font-bold text-primary">
              {formatPounds(result.totalPence)}
            </strong>
          </p>
          {result.reliefUnavailable && (
            <p className="text-sm text-muted-foreground">
              First-time buyer relief does not apply above{' '}
              {formatPounds(SDLT_ENGLAND_RESIDENTIAL.firstTimeBuyer.maxPricePence)}, so the standard rates are
              used.
            </p>
          )}
          <div>
            <table className="w-full text-sm">
              <caption className="sr-only">Stamp Duty by band</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Band
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Rate
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Taxable
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Tax
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.bands.map((band) => (
                  <tr key={band.fromPence} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      {bandLabel(band.fromPence, band.toPence)}
                    </th>
                    <td className="py-2 pr-3">{formatRateBp(band.rateBp)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{formatPounds(band.taxablePence)}</td>
                    <td className="py-2 text-right tabular-nums">{formatPounds(band.taxPence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        Residential rates for {SDLT_ENGLAND_RESIDENTIAL.jurisdiction} from {effectiveDate}; the
        additional-property rates are 5 percentage points higher on every band. Wales and Scotland have their
        own taxes. Source:{' '}
        <a
          href={SDLT_ENGLAND_RESIDENTIAL.source.url}
          className="underline underline-offset-2 hover:text-foreground"
          target="_blank"
          rel="noreferrer"
        >
          {SDLT_ENGLAND_RESIDENTIAL.source.title}
        </a>
        . A guide only: check with HMRC or your solicitor.
      </p>
    </div>
  );
}
