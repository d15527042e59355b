import { describe, expect, test } from 'vitest';
import {
  formatListingPrice,
  formatMonthlyEquivalent,
  formatRentEquivalent,
  isPriceOnApplication,
  listingPriceParts,
  weeklyFromMonthlyPence,
  type PricedListing,
} from './listing-price.ts';
import { PRICE_QUALIFIER_LABELS, PRICE_QUALIFIERS } from './listing-vocabulary.ts';

const sale = (overrides: Partial<PricedListing> = {}): PricedListing => ({
  mode: 'sale',
  pricePence: 45_000_000,
  priceQualifier: null,
  ...overrides,
});
const rent = (overrides: Partial<PricedListing> = {}): PricedListing => ({
  mode: 'rent',
  pricePence: 125_000,
  priceQualifier: null,
  rentFrequency: 'pcm',
  weeklyRentPence: null,
  ...overrides,
});
/** £250 a week, stored per month as the input schema does: round(25,000 × 52 ÷ 12). */
const weekly = (overrides: Partial<PricedListing> = {}) =>
  rent({ rentFrequency: 'pw', weeklyRentPence: 25_000, pricePence: 108_333, ...overrides });

describe('formatListingPrice', () => {
  test('a plain figure, for the public and for agents', () => {
    expect(formatListingPrice(sale(), 'public')).toBe('£450,000');
    expect(formatListingPrice(sale(), 'agent')).toBe('£450,000');
    expect(formatListingPrice(sale({ priceQualifier: undefined }), 'public')).toBe('£450,000');
  });

  test.each([
    ['guide-price', 'Guide price £450,000'],
    ['offers-over', 'Offers over £450,000'],
    ['offers-in-excess-of', 'Offers in excess of £450,000'],
    ['offers-in-region-of', 'Offers in region of £450,000'],
    ['fixed-price', 'Fixed price £450,000'],
    ['from', 'From £450,000'],
    ['sale-by-tender', 'Sale by tender £450,000'],
    ['shared-ownership', 'Shared ownership £450,000'],
    ['part-buy-part-rent', 'Part buy part rent £450,000'],
    ['shared-equity', 'Shared equity £450,000'],
  ] as const)('sale qualifier %s reads "%s" for both audiences', (qualifier, text) => {
    expect(formatListingPrice(sale({ priceQualifier: qualifier }), 'public')).toBe(text);
    expect(formatListingPrice(sale({ priceQualifier: qualifier }), 'agent')).toBe(text);
  });

  test('every qualifier but POA is covered above and puts its label before the figure', () => {
    for (const qualifier of PRICE_QUALIFIERS.filter((q) => q !== 'poa'))
      expect(formatListingPrice(sale({ priceQualifier: qualifier }), 'public')).toBe(
        `${PRICE_QUALIFIER_LABELS[qualifier]} £450,000`,
      );
  });

  test('POA shows no figure, even when one is carried', () => {
    for (const audience of ['public', 'agent'] as const) {
      expect(formatListingPrice(sale({ priceQualifier: 'poa', pricePence: null }), audience)).toBe('POA');
      expect(formatListingPrice(sale({ priceQualifier: 'poa', pricePence: 2_147_483_600 }), audience)).toBe(
        'POA',
      );
      expect(formatListingPrice(rent({ priceQualifier: 'poa', pricePence: null }), audience)).toBe('POA');
      expect(
        formatListingPrice(
          weekly({ priceQualifier: 'poa', pricePence: null, weeklyRentPence: 25_000 }),
          audience,
        ),
      ).toBe('POA');
    }
    // No figure means on application, whatever the qualifier says.
    expect(formatListingPrice(sale({ priceQualifier: 'guide-price', pricePence: null }), 'public')).toBe(
      'POA',
    );
  });

  test("monthly rent: '/month' publicly, 'pcm' for agents (REQ-LISTING-12)", () => {
    expect(formatListingPrice(rent(), 'public')).toBe('£1,250/month');
    expect(formatListingPrice(rent(), 'agent')).toBe('£1,250 pcm');
    expect(formatListingPrice(rent({ rentFrequency: null }), 'public')).toBe('£1,250/month');
    expect(formatListingPrice(rent({ priceQualifier: 'from' }), 'public')).toBe('From £1,250/month');
    expect(formatListingPrice(rent({ priceQualifier: 'from' }), 'agent')).toBe('From £1,250 pcm');
  });

  test("weekly rent as quoted: '/week' publicly, 'pw' for agents", () => {
    expect(formatListingPrice(weekly(), 'public')).toBe('£250/week');
    expect(formatListingPrice(weekly(), 'agent')).toBe('£250 pw');
    expect(formatListingPrice(weekly({ priceQualifier: 'from' }), 'agent')).toBe('From £250 pw');
    // 'pw' without its weekly figure (an older row) falls back to the monthly figure rather than inventing one.
    expect(formatListingPrice(weekly({ weeklyRentPence: null }), 'public')).toBe('£1,083/month');
  });
});

describe('listingPriceParts', () => {
  test('the qualifier apart from the figure, and the words for POA', () => {
    expect(listingPriceParts(sale({ priceQualifier: 'offers-over' }), 'public')).toEqual({
      qualifier: 'Offers over',
      amount: '£450,000',
      poa: false,
      title: undefined,
    });
    expect(listingPriceParts(sale({ priceQualifier: 'poa', pricePence: null }), 'public')).toEqual({
      qualifier: null,
      amount: 'POA',
      poa: true,
      title: 'Price on application',
    });
  });
});

describe('rent equivalents', () => {
  test('a weekly rent has its monthly equivalent (the stored pcm figure)', () => {
    expect(formatRentEquivalent(weekly(), 'public')).toBe('£1,083/month');
    expect(formatRentEquivalent(weekly(), 'agent')).toBe('£1,083 pcm');
    expect(formatMonthlyEquivalent(weekly(), 'public')).toBe('£1,083/month');
    expect(formatMonthlyEquivalent(weekly(), 'agent')).toBe('£1,083 pcm');
  });

  test('a monthly rent has its weekly equivalent, pcm × 12 ÷ 52', () => {
    expect(weeklyFromMonthlyPence(125_000)).toBe(28_846);
    expect(formatRentEquivalent(rent(), 'public')).toBe('£288/week');
    expect(formatRentEquivalent(rent(), 'agent')).toBe('£288 pw');
    expect(formatMonthlyEquivalent(rent(), 'public')).toBeUndefined();
  });

  test('none for a sale or a price on application', () => {
    expect(formatRentEquivalent(sale(), 'public')).toBeUndefined();
    expect(formatRentEquivalent(rent({ priceQualifier: 'poa', pricePence: null }), 'public')).toBeUndefined();
    expect(
      formatMonthlyEquivalent(weekly({ priceQualifier: 'poa', pricePence: null }), 'agent'),
    ).toBeUndefined();
  });
});

test('isPriceOnApplication: the qualifier or a missing figure', () => {
  expect(isPriceOnApplication({ pricePence: 1, priceQualifier: 'poa' })).toBe(true);
  expect(isPriceOnApplication({ pricePence: null, priceQualifier: null })).toBe(true);
  expect(isPriceOnApplication({ pricePence: 1, priceQualifier: 'guide-price' })).toBe(false);
});
