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

/** How the mortgage calculator's deposit is typed: a percentage of the price, or pounds. */
export const MORTGAGE_DEPOSIT_UNITS = ['percent', 'pounds'] as const;
export type MortgageDepositUnit = (typeof MORTGAGE_DEPOSIT_UNITS)[number];

const DEPOSIT_PERCENT_MESSAGE = 'Enter a deposit of 0% to 100%';

const mortgageTerms = {
  pricePounds: wholePounds,
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
};

/**
 * Mortgage calculator: price in whole pounds, the deposit as typed with its unit (a percentage of 0 to 100, or
 * pounds, pence rounded off), rate in percent, term in years. Parses to the deposit in whole pounds, never more than
 * the price; every deposit message is on the `deposit` path, the field the visitor typed it in.
 */
export const MortgageInputSchema = z
  .discriminatedUnion('depositUnit', [
    z.object({
      ...mortgageTerms,
      depositUnit: z.literal('percent'),
      deposit: plainNumber(
        z
          .number({ error: DEPOSIT_PERCENT_MESSAGE })
          .min(0, DEPOSIT_PERCENT_MESSAGE)
          .max(100, DEPOSIT_PERCENT_MESSAGE),
      ),
    }),
    z.object({
      ...mortgageTerms,
      depositUnit: z.literal('pounds'),
      deposit: plainNumber(
        z
          .number({ error: 'Enter an amount in pounds' })
          .min(0, 'Enter an amount of £0 or more')
          .max(CALCULATOR_MAX_PRICE_POUNDS, 'Enter an amount up to £100,000,000'),
      ),
    }),
  ])
  .transform(({ deposit, depositUnit, ...terms }) => ({
    ...terms,
    depositPounds: Math.round(depositUnit === 'percent' ? (terms.pricePounds * deposit) / 100 : deposit),
  }))
  .refine((v) => v.depositPounds <= v.pricePounds, {
    path: ['deposit'],
    message: 'The deposit cannot be more than the price',
  });
export type MortgageCalculatorInput = z.infer<typeof MortgageInputSchema>;
