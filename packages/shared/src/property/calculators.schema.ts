/**
 * Inputs of the property page's calculators (REQ-LISTING), as typed into their forms: whole pounds and percentages.
 * The page parses each field with these schemas before calling `calculateSdlt` / `repaymentMortgage`.
 */
import { z } from 'zod';
import { plainNumber } from '../sanitise.ts';
import { SDLT_BUYER_TYPES } from './sdlt.ts';

/** Highest price the calculators accept (£100m): beyond any home on the site, and safe for pence arithmetic. */
export const CALCULATOR_MAX_PRICE_POUNDS = 100_000_000;

const wholePounds = plainNumber(
  z
    .number({ error: 'Enter an amount in pounds' })
    .int('Enter a whole number of pounds')
    .min(0, 'Enter an amount of £0 or more')
    .max(CALCULATOR_MAX_PRICE_POUNDS, 'Enter an amount up to £100,000,000'),
);

/** Stamp duty calculator: price in whole pounds and who is buying. */
export const SdltInputSchema = z.object({
  pricePounds: wholePounds,
  buyer: z.enum(SDLT_BUYER_TYPES),
});
export type SdltInput = z.infer<typeof SdltInputSchema>;

/** Mortgage calculator: price and deposit in whole pounds, rate in percent, term in years. */
export const MortgageInputSchema = z
  .object({
    pricePounds: wholePounds,
    depositPounds: wholePounds,
    annualRatePercent: plainNumber(
      z
        .number({ error: 'Enter an interest rate' })
        .min(0, 'Enter a rate of 0% or more')
        .max(25, 'Enter a rate up to 25%'),
    ),
    termYears: plainNumber(
      z
        .number({ error: 'Enter a term in years' })
        .int('Enter a whole number of years')
        .min(1, 'Enter a term of 1 to 40 years')
        .max(40, 'Enter a term of 1 to 40 years'),
    ),
  })
  .refine((v) => v.depositPounds <= v.pricePounds, {
    path: ['depositPounds'],
    message: 'The deposit cannot be more than the price',
  });
export type MortgageCalculatorInput = z.infer<typeof MortgageInputSchema>;
