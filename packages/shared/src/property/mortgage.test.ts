import { describe, expect, test } from 'vitest';
import { interestOnlyMortgage, repaymentMortgage } from './mortgage.ts';

const gbp = (pounds: number) => Math.round(pounds * 100);

describe('repaymentMortgage', () => {
  test.each([
    [200_000, 5, 25, 1_169.18],
    [100_000, 3, 25, 474.21],
    [250_000, 4.5, 30, 1_266.71],
    [150_000, 6, 20, 1_074.65],
  ])('£%i at %f%% over %i years → £%f a month', (principal, rate, years, monthly) => {
    const r = repaymentMortgage({
      principalPence: gbp(principal),
      annualRatePercent: rate,
      termYears: years,
    });
    expect(r.monthlyPence).toBe(gbp(monthly));
    expect(r.months).toBe(years * 12);
  });

  test('total repaid and interest', () => {
    const r = repaymentMortgage({ principalPence: gbp(200_000), annualRatePercent: 5, termYears: 25 });
    expect(r.totalRepaidPence).toBe(gbp(1_169.18) * 300);
    expect(r.totalInterestPence).toBe(gbp(1_169.18) * 300 - gbp(200_000));
  });

  test('0% is the loan spread evenly', () => {
    const r = repaymentMortgage({ principalPence: gbp(120_000), annualRatePercent: 0, termYears: 10 });
    expect(r).toEqual({
      monthlyPence: gbp(1_000),
      totalRepaidPence: gbp(120_000),
      totalInterestPence: 0,
      months: 120,
    });
  });

  test('refuses a negative loan or rate and a term under a year', () => {
    expect(() => repaymentMortgage({ principalPence: -1, annualRatePercent: 5, termYears: 25 })).toThrow(
      RangeError,
    );
    expect(() => repaymentMortgage({ principalPence: 1, annualRatePercent: -1, termYears: 25 })).toThrow(
      RangeError,
    );
    expect(() => repaymentMortgage({ principalPence: 1, annualRatePercent: 5, termYears: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('interestOnlyMortgage', () => {
  test('£200,000 at 5% → £833.33 a month, the loan repaid at the end', () => {
    const r = interestOnlyMortgage({ principalPence: gbp(200_000), annualRatePercent: 5, termYears: 25 });
    expect(r.monthlyPence).toBe(gbp(833.33));
    expect(r.totalRepaidPence).toBe(gbp(833.33) * 300 + gbp(200_000));
  });
});
