/**
 * Mortgage repayments for the property page's calculator (REQ-LISTING-19). Money is integer pence; rates are annual
 * percentages (5 = 5%). Illustrations only: lenders' products and fees differ.
 */

export interface MortgageInput {
  /** The loan, in pence (≥ 0). */
  principalPence: number;
  /** Annual interest rate in percent (0–100), compounded monthly as UK lenders quote it. */
  annualRatePercent: number;
  /** Term in whole years (1–40). */
  termYears: number;
}

export interface MortgageResult {
  /** The monthly payment, rounded to the nearest penny. */
  monthlyPence: number;
  /** Monthly payment × number of payments. */
  totalRepaidPence: number;
  /** Total repaid minus the loan. */
  totalInterestPence: number;
  months: number;
}

function check({ principalPence, annualRatePercent, termYears }: MortgageInput): void {
  if (!Number.isFinite(principalPence) || principalPence < 0)
    throw new RangeError(`Bad principal: ${principalPence}`);
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0)
    throw new RangeError(`Bad interest rate: ${annualRatePercent}`);
  if (!Number.isInteger(termYears) || termYears < 1) throw new RangeError(`Bad term: ${termYears}`);
}

/**
 * A repayment (capital and interest) mortgage: the standard amortisation formula
 * M = P·r / (1 − (1 + r)^−n) with r the monthly rate and n the number of months; P / n at 0%.
 * Throws RangeError for a negative principal or rate, or a term under one whole year.
 */
export function repaymentMortgage(input: MortgageInput): MortgageResult {
  check(input);
  const months = input.termYears * 12;
  const r = input.annualRatePercent / 100 / 12;
  const exact =
    r === 0 ? input.principalPence / months : (input.principalPence * r) / (1 - Math.pow(1 + r, -months));
  const monthlyPence = Math.round(exact);
  const totalRepaidPence = monthlyPence * months;
  return {
    monthlyPence,
    totalRepaidPence,
    totalInterestPence: Math.max(0, totalRepaidPence - input.principalPence),
    months,
  };
}

/**
 * An interest-only mortgage: the monthly payment is the interest alone and the whole loan is repaid at the end
 * (included in `totalRepaidPence`). Throws like {@link repaymentMortgage}.
 */
export function interestOnlyMortgage(input: MortgageInput): MortgageResult {
  check(input);
  const months = input.termYears * 12;
  const monthlyPence = Math.round((input.principalPence * input.annualRatePercent) / 100 / 12);
  const totalInterestPence = monthlyPence * months;
  return {
    monthlyPence,
    totalRepaidPence: totalInterestPence + input.principalPence,
    totalInterestPence,
    months,
  };
}
