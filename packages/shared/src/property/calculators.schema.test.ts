import { describe, expect, test } from 'vitest';
import { MortgageInputSchema, SdltInputSchema } from './calculators.schema.ts';

/** The mortgage calculator's fields as typed: £250,000, a 10% deposit, 4.5% over 25 years, unless overridden. */
const typed = (overrides: Record<string, unknown> = {}) => ({
  pricePounds: '250000',
  deposit: '10',
  depositUnit: 'percent',
  annualRatePercent: '4.5',
  termYears: '25',
  ...overrides,
});

/** Each issue of a failed parse as 'path: message'. */
const issuesOf = (input: unknown) =>
  MortgageInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('SdltInputSchema', () => {
  test('parses typed text into numbers', () => {
    expect(SdltInputSchema.parse({ pricePounds: '295000', buyer: 'first-time' })).toEqual({
      pricePounds: 295_000,
      buyer: 'first-time',
    });
  });

  test('rejects a negative price', () => {
    expect(SdltInputSchema.safeParse({ pricePounds: -1, buyer: 'standard' }).success).toBe(false);
  });
});

describe('MortgageInputSchema', () => {
  test('parses typed text into numbers, a percentage deposit into whole pounds of the price', () => {
    expect(MortgageInputSchema.parse(typed({ pricePounds: '300000', deposit: '10' }))).toEqual({
      pricePounds: 300_000,
      depositPounds: 30_000,
      annualRatePercent: 4.5,
      termYears: 25,
    });
    // 12.5% of £250,001 is £31,250.125: whole pounds.
    expect(MortgageInputSchema.parse(typed({ pricePounds: '250001', deposit: '12.5' })).depositPounds).toBe(
      31_250,
    );
  });

  test('a deposit in pounds is taken as typed, pence rounded off', () => {
    expect(MortgageInputSchema.parse(typed({ depositUnit: 'pounds', deposit: '30000' })).depositPounds).toBe(
      30_000,
    );
    expect(MortgageInputSchema.parse(typed({ depositUnit: 'pounds', deposit: '1000.5' })).depositPounds).toBe(
      1_001,
    );
    // 0% and 100%, £0 and the whole price are all deposits.
    expect(MortgageInputSchema.parse(typed({ deposit: '0' })).depositPounds).toBe(0);
    expect(MortgageInputSchema.parse(typed({ deposit: '100' })).depositPounds).toBe(250_000);
    expect(MortgageInputSchema.parse(typed({ depositUnit: 'pounds', deposit: '250000' })).depositPounds).toBe(
      250_000,
    );
  });

  test('a percentage deposit must be 0% to 100%, with the message on the deposit', () => {
    for (const deposit of ['100.5', '-1', '', 'ten', '1e2'])
      expect(issuesOf(typed({ deposit })), deposit).toEqual(['deposit: Enter a deposit of 0% to 100%']);
  });

  test('a deposit in pounds must be an amount from £0, with the message on the deposit', () => {
    expect(issuesOf(typed({ depositUnit: 'pounds', deposit: '' }))).toEqual([
      'deposit: Enter an amount in pounds',
    ]);
    expect(issuesOf(typed({ depositUnit: 'pounds', deposit: '-5' }))).toEqual([
      'deposit: Enter an amount of £0 or more',
    ]);
  });

  test('the deposit cannot be more than the price, with the message on the deposit', () => {
    expect(issuesOf(typed({ depositUnit: 'pounds', deposit: '250001' }))).toEqual([
      'deposit: The deposit cannot be more than the price',
    ]);
  });

  test('each field keeps its own message when several are wrong', () => {
    expect(issuesOf(typed({ pricePounds: '-1', deposit: '150', termYears: '0' }))).toEqual([
      'pricePounds: Enter an amount of £0 or more',
      'termYears: Enter a term of 1 to 40 years',
      'deposit: Enter a deposit of 0% to 100%',
    ]);
  });
});
