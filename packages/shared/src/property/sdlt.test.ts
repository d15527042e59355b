import { describe, expect, test } from 'vitest';
import { fc } from '../testing-fast-check.ts';
import { calculateSdlt, SDLT_ENGLAND_RESIDENTIAL, type SdltBuyerType } from './sdlt.ts';

const gbp = (pounds: number) => Math.round(pounds * 100);
const total = (pounds: number, buyer: SdltBuyerType = 'standard') =>
  calculateSdlt(gbp(pounds), buyer).totalPence / 100;

describe('HMRC worked examples (gov.uk residential property rates), each checked by hand', () => {
  test('standard rates: £295,000 → £4,750 (0% on £125,000, 2% on £125,000, 5% on £45,000)', () => {
    const r = calculateSdlt(gbp(295_000));
    expect(r.totalPence).toBe(gbp(4_750));
    expect(r.bands.map((b) => [b.taxablePence / 100, b.rateBp, b.taxPence / 100])).toEqual([
      [125_000, 0, 0],
      [125_000, 200, 2_500],
      [45_000, 500, 2_250],
      [0, 1000, 0],
      [0, 1200, 0],
    ]);
  });

  test('first-time buyer: £500,000 → £10,000 (0% on £300,000, 5% on £200,000)', () => {
    const r = calculateSdlt(gbp(500_000), 'first-time');
    expect(r.totalPence).toBe(gbp(10_000));
    expect(r.appliedRates).toBe('first-time');
    expect(r.reliefUnavailable).toBe(false);
    expect(r.bands.map((b) => [b.fromPence / 100, b.toPence && b.toPence / 100, b.taxPence / 100])).toEqual([
      [0, 300_000, 0],
      [300_000, 500_000, 10_000],
    ]);
  });

  test('first-time buyer: £425,000 → £6,250', () => {
    expect(total(425_000, 'first-time')).toBe(6_250);
  });

  test('standard rates: £500,000 → £15,000 (£2,500 + 5% of £250,000)', () => {
    expect(total(500_000)).toBe(15_000);
  });

  test('additional property: £295,000 → £19,500 (5% on £125,000, 7% on £125,000, 10% on £45,000)', () => {
    const r = calculateSdlt(gbp(295_000), 'additional');
    expect(r.totalPence).toBe(gbp(19_500));
    expect(r.bands.map((b) => b.rateBp)).toEqual([500, 700, 1000, 1500, 1700]);
    expect(r.bands.map((b) => b.taxPence / 100)).toEqual([6_250, 8_750, 4_500, 0, 0]);
  });

  test('additional property: £300,000 → £20,000 and £500,000 → £40,000', () => {
    expect(total(300_000, 'additional')).toBe(20_000);
    expect(total(500_000, 'additional')).toBe(40_000);
  });

  test('the upper bands: £925,000 → £36,250; £1.5m → £93,750; £2m → £153,750', () => {
    expect(total(925_000)).toBe(36_250);
    expect(total(1_500_000)).toBe(93_750);
    expect(total(2_000_000)).toBe(153_750);
  });
});

describe('edges', () => {
  test('£0 owes nothing, for every buyer', () => {
    for (const buyer of ['standard', 'first-time', 'additional'] as const) {
      const r = calculateSdlt(0, buyer);
      expect(r.totalPence).toBe(0);
      expect(r.effectiveRatePercent).toBe(0);
      expect(r.bands.every((b) => b.taxablePence === 0)).toBe(true);
    }
  });

  test('exact band boundaries belong to the lower band', () => {
    expect(total(125_000)).toBe(0);
    expect(total(250_000)).toBe(2_500);
    expect(calculateSdlt(gbp(250_000)).bands[2]!.taxablePence).toBe(0);
    expect(total(300_000, 'first-time')).toBe(0);
  });

  test('the total is rounded down to whole pounds', () => {
    // 2% of £50 = £1; 2% of £10 = 20p, rounded down to £0; 2% of £99 = £1.98 → £1.
    expect(calculateSdlt(gbp(125_050)).totalPence).toBe(100);
    expect(calculateSdlt(gbp(125_010)).totalPence).toBe(0);
    expect(calculateSdlt(gbp(125_099)).totalPence).toBe(100);
    expect(calculateSdlt(gbp(125_099)).bands[1]!.taxPence).toBe(198);
  });

  test('a first-time buyer over £500,000 gets no relief and pays the standard rates', () => {
    const r = calculateSdlt(gbp(500_001), 'first-time');
    expect(r.reliefUnavailable).toBe(true);
    expect(r.appliedRates).toBe('standard');
    expect(r.bands).toHaveLength(SDLT_ENGLAND_RESIDENTIAL.standard.length);
    // £2,500 + 5% of £250,001 = £15,000.05 → £15,000.
    expect(r.totalPence).toBe(gbp(15_000));
  });

  test('higher rates start at £40,000', () => {
    expect(total(39_999, 'additional')).toBe(0);
    expect(total(40_000, 'additional')).toBe(2_000);
  });

  test('refuses negative or fractional pence', () => {
    expect(() => calculateSdlt(-1)).toThrow(RangeError);
    expect(() => calculateSdlt(1.5)).toThrow(RangeError);
  });

  test('bands add up to the price and the tax never decreases with the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: gbp(5_000_000) }),
        fc.constantFrom('standard', 'additional'),
        (p, b) => {
          const r = calculateSdlt(p, b as SdltBuyerType);
          const next = calculateSdlt(p + 100, b as SdltBuyerType);
          return r.bands.reduce((s, x) => s + x.taxablePence, 0) === p && next.totalPence >= r.totalPence;
        },
      ),
    );
  });

  test('the table is dated and cites gov.uk', () => {
    expect(SDLT_ENGLAND_RESIDENTIAL.effectiveFrom).toBe('2025-04-01');
    expect(SDLT_ENGLAND_RESIDENTIAL.source.url).toBe(
      'https://www.gov.uk/stamp-duty-land-tax/residential-property-rates',
    );
  });
});
