import { useId, useState } from 'react';
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
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';

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
 * Stamp Duty Land Tax for buying this home in England (issue #4): the price (the asking price to start with) and
 * who is buying; shows every band of the rates used and the total, citing the rates' source and date.
 */
export default function StampDutyCalculator({ askingPricePence }: { askingPricePence: number }) {
  const id = useId();
  const [price, setPrice] = useState(String(Math.round(askingPricePence / 100)));
  const [buyer, setBuyer] = useState<SdltBuyerType>('standard');
  const parsed = SdltInputSchema.safeParse({ pricePounds: price.replace(/[£,\s]/g, ''), buyer });
  const result = parsed.success ? calculateSdlt(parsed.data.pricePounds * 100, parsed.data.buyer) : undefined;
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-price`}>Property price (£)</Label>
          <Input
            id={`${id}-price`}
            inputMode="numeric"
            autoComplete="off"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium">I am buying as</legend>
          {SDLT_BUYER_TYPES.map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-buyer`}
                value={type}
                checked={buyer === type}
                onChange={() => setBuyer(type)}
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
