import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { formatPounds } from '@abode/shared/money';
import { MortgageInputSchema, type MortgageDepositUnit } from '@abode/shared/property/calculators.schema';
import { repaymentMortgage } from '@abode/shared/property/mortgage';
import { FieldError, FormField, fieldA11y } from '#src/components/ui/form-field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';
import { useLiveParse } from '#src/lib/live-form.ts';
import { Select } from '#src/components/ui/select.tsx';

const pence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const clean = (s: string) => s.replace(/[£,%\s]/g, '');

interface MortgageFields {
  price: string;
  deposit: string;
  depositUnit: MortgageDepositUnit;
  rate: string;
  term: string;
}

/** The typed fields as MortgageInputSchema's input (amounts without £ , % or spaces); the schema checks the deposit. */
function toMortgageInput(fields: MortgageFields) {
  return {
    pricePounds: clean(fields.price),
    deposit: clean(fields.deposit),
    depositUnit: fields.depositUnit,
    annualRatePercent: clean(fields.rate),
    termYears: clean(fields.term),
  };
}

/**
 * Monthly repayments of a capital-and-interest mortgage on this home (REQ-LISTING-19): price (the asking price to start
 * with), deposit in pounds or as a percentage, interest rate and term.
 */
export default function MortgageCalculator({ askingPricePence }: { askingPricePence: number }) {
  const id = useId();
  const form = useForm<MortgageFields>({
    defaultValues: {
      price: String(Math.round(askingPricePence / 100)),
      deposit: '10',
      depositUnit: 'percent',
      rate: '4.5',
      term: '25',
    },
  });
  const { data, errors } = useLiveParse(form.control, MortgageInputSchema, toMortgageInput);
  const loanPence = data ? (data.pricePounds - data.depositPounds) * 100 : 0;
  const result = data
    ? repaymentMortgage({
        principalPence: loanPence,
        annualRatePercent: data.annualRatePercent,
        termYears: data.termYears,
      })
    : undefined;

  const field = (
    name: 'price' | 'rate' | 'term',
    errorOf: keyof typeof errors,
    label: string,
    inputMode: 'numeric' | 'decimal',
  ) => {
    const error = errors[errorOf];
    return (
      <FormField id={`${id}-${name}`} label={label} error={error}>
        <Input
          inputMode={inputMode}
          autoComplete="off"
          {...fieldA11y(`${id}-${name}`, error)}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const depositError = errors.deposit;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('price', 'pricePounds', 'Property price (£)', 'numeric')}
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-deposit`}>Deposit</Label>
          <div className="flex gap-2">
            <Input
              inputMode="decimal"
              autoComplete="off"
              {...fieldA11y(`${id}-deposit`, depositError)}
              {...form.register('deposit')}
            />
            <Select
              aria-label="Deposit unit"
              className="w-24 shrink-0"
              {...form.register('depositUnit')}
              options={[
                { value: 'percent', label: '%' },
                { value: 'pounds', label: '£' },
              ]}
            />
          </div>
          <FieldError id={`${id}-deposit`} error={depositError} />
        </div>
        {field('rate', 'annualRatePercent', 'Interest rate (% a year)', 'decimal')}
        {field('term', 'termYears', 'Term (years)', 'numeric')}
      </div>
      {data && result && (
        <div className="flex flex-col gap-1" aria-live="polite">
          <p className="text-lg">
            Monthly repayment:{' '}
            <strong data-testid="mortgage-monthly" className="text-2xl font-bold text-primary">
              {pence.format(result.monthlyPence / 100)}
            </strong>
          </p>
          <p className="text-sm text-muted-foreground">
            Borrowing {formatPounds(loanPence)} (deposit {formatPounds(data.depositPounds * 100)}) over{' '}
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
