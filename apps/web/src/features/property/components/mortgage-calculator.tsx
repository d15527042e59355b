import { useId, useState } from 'react';
import { formatPounds } from '@abode/shared/money';
import { MortgageInputSchema } from '@abode/shared/property/calculators.schema';
import { repaymentMortgage } from '@abode/shared/property/mortgage';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { Select } from '#src/components/ui/select.tsx';

const pence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const clean = (s: string) => s.replace(/[£,%\s]/g, '');

/**
 * Monthly repayments of a capital-and-interest mortgage on this home (issue #4): price (the asking price to start
 * with), deposit in pounds or as a percentage, interest rate and term.
 */
export default function MortgageCalculator({ askingPricePence }: { askingPricePence: number }) {
  const id = useId();
  const [price, setPrice] = useState(String(Math.round(askingPricePence / 100)));
  const [deposit, setDeposit] = useState('10');
  const [depositUnit, setDepositUnit] = useState<'percent' | 'pounds'>('percent');
  const [rate, setRate] = useState('4.5');
  const [term, setTerm] = useState('25');

  const pricePounds = Number(clean(price));
  const depositNumber = Number(clean(deposit));
  const depositPounds =
    depositUnit === 'percent' ? Math.round((pricePounds * depositNumber) / 100) : Math.round(depositNumber);
  const parsed = MortgageInputSchema.safeParse({
    pricePounds: clean(price),
    depositPounds: clean(deposit) === '' ? '' : depositPounds,
    annualRatePercent: clean(rate),
    termYears: clean(term),
  });
  const percentInvalid = depositUnit === 'percent' && !(depositNumber >= 0 && depositNumber <= 100);
  const errors = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors.set(String(issue.path[0]), issue.message);
  if (percentInvalid) errors.set('depositPounds', 'Enter a deposit of 0% to 100%');
  const result =
    parsed.success && !percentInvalid
      ? repaymentMortgage({
          principalPence: (parsed.data.pricePounds - parsed.data.depositPounds) * 100,
          annualRatePercent: parsed.data.annualRatePercent,
          termYears: parsed.data.termYears,
        })
      : undefined;
  const loanPence = parsed.success ? (parsed.data.pricePounds - parsed.data.depositPounds) * 100 : 0;

  const field = (
    name: string,
    label: string,
    value: string,
    set: (v: string) => void,
    inputMode: 'numeric' | 'decimal',
  ) => {
    const error = errors.get(name);
    return (
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={`${id}-${name}`}>{label}</Label>
        <Input
          id={`${id}-${name}`}
          inputMode={inputMode}
          autoComplete="off"
          value={value}
          onChange={(e) => set(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
        />
        {error && (
          <p id={`${id}-${name}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  };

  const depositError = errors.get('depositPounds');
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('pricePounds', 'Property price (£)', price, setPrice, 'numeric')}
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-deposit`}>Deposit</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-deposit`}
              inputMode="decimal"
              autoComplete="off"
              value={deposit}
              onChange={(e) => setDeposit(e.target.value)}
              aria-invalid={depositError ? true : undefined}
              aria-describedby={depositError ? `${id}-deposit-error` : undefined}
            />
            <Select
              aria-label="Deposit unit"
              className="w-24 shrink-0"
              value={depositUnit}
              onValueChange={(v) => setDepositUnit(v as 'percent' | 'pounds')}
              options={[
                { value: 'percent', label: '%' },
                { value: 'pounds', label: '£' },
              ]}
            />
          </div>
          {depositError && (
            <p id={`${id}-deposit-error`} className="text-sm text-destructive">
              {depositError}
            </p>
          )}
        </div>
        {field('annualRatePercent', 'Interest rate (% a year)', rate, setRate, 'decimal')}
        {field('termYears', 'Term (years)', term, setTerm, 'numeric')}
      </div>
      {result && (
        <div className="flex flex-col gap-1" aria-live="polite">
          <p className="text-lg">
            Monthly repayment:{' '}
            <strong data-testid="mortgage-monthly" className="text-2xl font-bold text-primary">
              {pence.format(result.monthlyPence / 100)}
            </strong>
          </p>
          <p className="text-sm text-muted-foreground">
            Borrowing {formatPounds(loanPence)} (deposit {formatPounds(depositPounds * 100)}) over{' '}
            {result.months / 12} years: {formatPounds(result.totalRepaidPence)} repaid in all, of which{' '}
            {formatPounds(result.totalInterestPence)} is interest.
          </p>
        </div>
      )}
      <p className="text-xs text-muted-foreground">
        A repayment (capital and interest) mortgage at a fixed rate for the whole term. An illustration only:
        fees, product terms and your circumstances change what lenders offer.
      </p>
    </div>
  );
}
