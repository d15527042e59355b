import { describe, expect, test } from 'vitest';
import { ILLUSTRATION_SCENES } from '../demo-illustrations.ts';
import { HOUSE_PRICE_INDEX } from '../house-price-index.ts';
import {
  bathroomsFor,
  bedroomsFor,
  councilTaxBandFor,
  dwellingFor,
  featuresFor,
  pricePercentiles,
  tenureFor,
} from './property-facts.ts';
import { buildListing } from './build-listing.ts';
import { cityFor, publicAddressLine, slugFor, titleCase, titleFor } from './words.ts';
import { hashUnit } from '../hash-unit.ts';
import {
  indexFactor,
  monthlyRentFor,
  roundAskingPrice,
  todaysPrice,
  type LondonRents,
} from './prices-and-rents.ts';
import { listingDatesFor, originalPriceFor, listingFlagsFor } from './dates-and-flags.ts';
import { listingIdFor, rowProblem } from './records.ts';
import { photosFor } from './photos.ts';
import type { PricePaidRow } from '../parse-price-paid.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A real SW19 record (HM Land Registry, OGL v3.0), overridable per test. */
function row(overrides: Partial<PricePaidRow> = {}): PricePaidRow {
  return {
    transactionId: '{E52776D8-8E96-4C0D-81C5-6369A92CF8D2}',
    price: 440000,
    dateOfTransfer: '2013-06-07',
    postcode: 'SW19 1AA',
    propertyType: 'S',
    newBuild: false,
    duration: 'F',
    paon: '1B',
    saon: '',
    street: 'COWPER ROAD',
    locality: '',
    townCity: 'LONDON',
    district: 'MERTON',
    county: 'GREATER LONDON',
    category: 'A',
    recordStatus: '',
    ...overrides,
  };
}

const ids = Array.from(
  { length: 4000 },
  (_, i) => `{00000000-0000-4000-8000-${String(i).padStart(12, '0')}}`,
);

describe('deterministic choices', () => {
  test('hashUnit is stable, in [0, 1) and spreads evenly', () => {
    expect(hashUnit('abc', 'x')).toBe(hashUnit('abc', 'x'));
    expect(hashUnit('abc', 'x')).not.toBe(hashUnit('abc', 'y'));
    const values = ids.map((id) => hashUnit(id, 'test'));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const lowHalf = values.filter((v) => v < 0.5).length / values.length;
    expect(lowHalf).toBeGreaterThan(0.46);
    expect(lowHalf).toBeLessThan(0.54);
  });

  test('listing ids are version-5 UUIDs derived from the transaction', () => {
    const id = listingIdFor('{E52776D8-8E96-4C0D-81C5-6369A92CF8D2}');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(listingIdFor('{E52776D8-8E96-4C0D-81C5-6369A92CF8D2}')).toBe(id);
  });

  test('the same record always makes the same listing', () => {
    const options = {
      mode: 'sale' as const,
      percentile: 0.5,
      placement: { latitude: 51.4, longitude: -0.2 },
      now: NOW,
    };
    expect(buildListing(row(), options)).toEqual(buildListing(row(), options));
  });
});

describe('which records become listings', () => {
  test('skips deleted records, type O, bad postcodes, no street, and prices out of range', () => {
    expect(rowProblem(row())).toBeUndefined();
    expect(rowProblem(row({ recordStatus: 'D' }))).toBe('deleted-record');
    expect(rowProblem(row({ propertyType: 'O' }))).toBe('other-property-type');
    expect(rowProblem(row({ postcode: 'SW19' }))).toBe('invalid-postcode');
    expect(rowProblem(row({ postcode: '' }))).toBe('invalid-postcode');
    expect(rowProblem(row({ street: '', locality: '' }))).toBe('missing-street');
    expect(rowProblem(row({ price: 20_000, dateOfTransfer: '2025-01-01' }))).toBe('price-out-of-range');
    expect(rowProblem(row({ price: 25_000_000, dateOfTransfer: '2025-01-01' }))).toBe('price-out-of-range');
  });
});

describe("today's price", () => {
  test('the index factor is 1 for the latest year and the table value before it', () => {
    const latest = HOUSE_PRICE_INDEX.latestYear;
    expect(indexFactor(latest)).toBe(1);
    expect(indexFactor(latest + 3)).toBe(1);
    const first = HOUSE_PRICE_INDEX.years[0]!;
    expect(indexFactor(first.year)).toBe(first.factor);
    expect(indexFactor(first.year - 10)).toBe(first.factor);
    for (const y of HOUSE_PRICE_INDEX.years) {
      expect(y.factor).toBeCloseTo(HOUSE_PRICE_INDEX.years.at(-1)!.level / y.level, 3);
    }
  });

  test('prices are rounded to asking-price steps', () => {
    expect(roundAskingPrice(123_456)).toBe(123_000);
    expect(roundAskingPrice(432_600)).toBe(435_000);
    expect(roundAskingPrice(1_234_000)).toBe(1_225_000);
    expect(todaysPrice({ price: 440_000, dateOfTransfer: '2013-06-07' })).toBe(
      roundAskingPrice(440_000 * indexFactor(2013)),
    );
  });
});

describe('property type, tenure, rooms', () => {
  test('D/S/T are houses (some D/S bungalows), F flats (some maisonettes)', () => {
    const count = (type: PricePaidRow['propertyType'], propertyType: string) =>
      ids.filter((id) => dwellingFor({ transactionId: id, propertyType: type }).propertyType === propertyType)
        .length / ids.length;
    expect(dwellingFor(row({ propertyType: 'T' }))).toEqual({ propertyType: 'house', form: 'terraced' });
    expect(count('D', 'bungalow')).toBeCloseTo(0.15, 1);
    expect(count('S', 'bungalow')).toBeCloseTo(0.06, 1);
    expect(count('T', 'bungalow')).toBe(0);
    expect(count('F', 'maisonette')).toBeCloseTo(0.1, 1);
    expect(count('F', 'flat')).toBeCloseTo(0.9, 1);
  });

  test('tenure follows duration; unknown is leasehold for flats and freehold for houses', () => {
    expect(tenureFor({ duration: 'F' }, { propertyType: 'flat' })).toBe('freehold');
    expect(tenureFor({ duration: 'L' }, { propertyType: 'house', form: 'detached' })).toBe('leasehold');
    expect(tenureFor({ duration: 'U' }, { propertyType: 'flat' })).toBe('leasehold');
    expect(tenureFor({ duration: 'U' }, { propertyType: 'house', form: 'terraced' })).toBe('freehold');
  });

  test('bedrooms rise with the price rank: flats 1–3, terraced and semis 2–4, detached 3–5', () => {
    const flat = { propertyType: 'flat' } as const;
    const semi = { propertyType: 'house', form: 'semi-detached' } as const;
    const detached = { propertyType: 'house', form: 'detached' } as const;
    expect([0.1, 0.5, 0.95].map((p) => bedroomsFor(flat, p))).toEqual([1, 2, 3]);
    expect([0.1, 0.5, 0.95].map((p) => bedroomsFor(semi, p))).toEqual([2, 3, 4]);
    expect([0.1, 0.5, 0.95].map((p) => bedroomsFor({ propertyType: 'house', form: 'terraced' }, p))).toEqual([
      2, 3, 4,
    ]);
    expect([0.1, 0.5, 0.95].map((p) => bedroomsFor(detached, p))).toEqual([3, 4, 5]);
    expect([0.1, 0.9].map((p) => bedroomsFor({ propertyType: 'maisonette' }, p))).toEqual([2, 3]);
  });

  test('bathrooms: 1 for small homes, more for bigger and dearer ones', () => {
    expect(bathroomsFor(1, 0.99)).toBe(1);
    expect(bathroomsFor(2, 0.5)).toBe(1);
    expect(bathroomsFor(2, 0.85)).toBe(2);
    expect(bathroomsFor(3, 0.4)).toBe(1);
    expect(bathroomsFor(3, 0.6)).toBe(2);
    expect(bathroomsFor(4, 0.5)).toBe(2);
    expect(bathroomsFor(4, 0.95)).toBe(3);
    expect(bathroomsFor(5, 0)).toBe(3);
  });

  test('percentiles rank by price within district and type, widening small groups', () => {
    const sw19 = [300_000, 400_000, 500_000, 600_000, 700_000].map((price, i) =>
      row({ transactionId: `{A${i}}`, price, postcode: 'SW19 1AA', propertyType: 'F' }),
    );
    const sw20 = [row({ transactionId: '{B0}', price: 450_000, postcode: 'SW20 8AA', propertyType: 'F' })];
    const p = pricePercentiles([...sw19, ...sw20]);
    // SW19 has 5 flats: ranked alone.
    expect(sw19.map((r) => p.get(r.transactionId))).toEqual([0.1, 0.3, 0.5, 0.7, 0.9]);
    // SW20 has one: ranked among the six flats of the SW area (third of six).
    expect(p.get('{B0}')).toBeCloseTo(2.5 / 6);
  });
});

describe('council tax, rent', () => {
  test('council tax band from the price taken back to the 1991/1995 level', () => {
    const f = indexFactor(1995);
    expect(councilTaxBandFor(39_000 * f)).toBe('A');
    expect(councilTaxBandFor(60_000 * f)).toBe('C');
    expect(councilTaxBandFor(100_000 * f)).toBe('E');
    expect(councilTaxBandFor(500_000 * f)).toBe('H');
  });

  const rents: LondonRents = {
    byDistrict: new Map([
      ['SW19|2', 2000],
      ['SW19|4', 3775],
    ]),
    london: new Map([
      [1, 1550],
      [3, 2250],
    ]),
  };

  test('London rents are the ONS median for the district and bedrooms, else the London median', () => {
    expect(monthlyRentFor(row(), 2, 700_000, rents)).toBe(2000);
    expect(monthlyRentFor(row(), 5, 1_500_000, rents)).toBe(3775);
    expect(monthlyRentFor(row(), 3, 800_000, rents)).toBe(2250);
  });

  test('elsewhere: price × regional gross yield ÷ 12, rounded to £25, at least £450', () => {
    const reading = row({ postcode: 'RG30 2BY', townCity: 'READING', county: 'READING' });
    expect(monthlyRentFor(reading, 3, 400_000, rents)).toBe(1500); // 4.5% South East
    const manchester = row({ postcode: 'M32 9HN', townCity: 'MANCHESTER', county: 'GREATER MANCHESTER' });
    expect(monthlyRentFor(manchester, 3, 250_000, rents)).toBe(1200); // 5.8% North West: 1,208 → 1,200
    expect(monthlyRentFor(manchester, 2, 60_000, rents)).toBe(450);
  });
});

describe('words', () => {
  test('town and street names in title case', () => {
    expect(titleCase('NEWCASTLE UPON TYNE')).toBe('Newcastle upon Tyne');
    expect(titleCase('STOKE-ON-TRENT')).toBe('Stoke-on-Trent');
    expect(titleCase("KING'S LYNN")).toBe("King's Lynn");
    expect(titleCase('ISLE OF WIGHT')).toBe('Isle of Wight');
    expect(titleCase('WESTON-SUPER-MARE')).toBe('Weston-super-Mare');
    expect(titleCase('ST. ALBANS')).toBe('St. Albans');
    expect(titleCase('THE STRAND')).toBe('The Strand');
    expect(titleCase('MCDONALD ROAD')).toBe('McDonald Road');
    expect(cityFor({ townCity: 'LONDON' })).toBe('London');
  });

  test('the public address is street (+ locality), never the house number, name or flat', () => {
    expect(publicAddressLine(row())).toBe('Cowper Road');
    expect(publicAddressLine(row({ locality: 'WIMBLEDON' }))).toBe('Cowper Road, Wimbledon');
    expect(publicAddressLine(row({ locality: 'LONDON' }))).toBe('Cowper Road');
    expect(publicAddressLine(row({ street: '', locality: 'FENHAM' }))).toBe('Fenham');
    const flat = row({ paon: 'WEST FRYERNE', saon: 'FLAT 24', street: 'PARKSIDE ROAD', townCity: 'READING' });
    const listing = buildListing(flat, {
      mode: 'sale',
      percentile: 0.5,
      placement: { latitude: 51.4, longitude: -1 },
      now: NOW,
    });
    const text = JSON.stringify(listing).toUpperCase();
    expect(text).not.toContain('FRYERNE');
    expect(text).not.toContain('FLAT 24');
    expect(text).not.toMatch(/\b1B\b/);
  });

  test('Rightmove-style titles and readable slugs', () => {
    expect(titleFor(3, { propertyType: 'house', form: 'semi-detached' }, 'sale')).toBe(
      '3 bedroom semi-detached house for sale',
    );
    expect(titleFor(2, { propertyType: 'flat' }, 'rent')).toBe('2 bedroom flat to rent');
    expect(titleFor(2, { propertyType: 'bungalow', form: 'detached' }, 'sale')).toBe(
      '2 bedroom detached bungalow for sale',
    );
    expect(slugFor(row(), 3, { propertyType: 'house', form: 'semi-detached' })).toMatch(
      /^3-bed-semi-detached-house-cowper-road-london-sw19-1aa-[0-9a-z]{6}$/,
    );
  });

  test('the description states facts and says what is illustrative', () => {
    const listing = buildListing(row(), {
      mode: 'sale',
      percentile: 0.5,
      placement: { latitude: 51.4, longitude: -0.2 },
      now: NOW,
    });
    expect(listing.description).toContain('semi-detached house for sale on Cowper Road in London SW19.');
    expect(listing.description).toContain(
      'Price history: sold for £440,000 in June 2013 (HM Land Registry).',
    );
    expect(listing.description).toContain('illustrative');
    expect(listing.title).toBe('3 bedroom semi-detached house for sale');
    expect(listing.pricePence).toBe(todaysPrice(row()) * 100);
  });
});

describe('features, photos, dates', () => {
  const semi = { propertyType: 'house', form: 'semi-detached' } as const;

  test('garden for houses and ground-floor flats; new-build only when sold new in the last 2 years', () => {
    const base = { mode: 'sale' as const, parkingSpaces: 0, reduced: false, now: NOW };
    expect(featuresFor({ ...base, row: row(), dwelling: semi })).toContain('garden');
    const flat = { propertyType: 'flat' } as const;
    expect(featuresFor({ ...base, row: row({ saon: 'GROUND FLOOR FLAT' }), dwelling: flat })).toContain(
      'garden',
    );
    expect(featuresFor({ ...base, row: row({ saon: 'FLAT 7' }), dwelling: flat })).not.toContain('garden');
    const recentNew = row({ newBuild: true, dateOfTransfer: '2025-09-01' });
    expect(featuresFor({ ...base, row: recentNew, dwelling: semi })).toEqual(
      expect.arrayContaining(['new-build', 'chain-free']),
    );
    expect(featuresFor({ ...base, row: row({ newBuild: true }), dwelling: semi })).not.toContain('new-build');
    expect(featuresFor({ ...base, row: row(), dwelling: semi, parkingSpaces: 1, reduced: true })).toEqual(
      expect.arrayContaining(['parking', 'reduced']),
    );
    expect(featuresFor({ ...base, mode: 'rent', row: recentNew, dwelling: semi })).not.toContain(
      'chain-free',
    );
  });

  test('3–6 illustrations, the exterior of the right type first', () => {
    const counts = new Set<number>();
    for (const id of ids.slice(0, 200)) {
      const photos = photosFor(id, semi, true);
      counts.add(photos.length);
      expect(photos[0]).toMatchObject({
        isMain: true,
        orderIndex: 0,
        altText: ILLUSTRATION_SCENES['exterior-semi-detached'].alt,
        width: 800,
        height: 600,
      });
      expect(photos[0]!.url).toMatch(/^\/media\/demo\/exterior-semi-detached-[1-3]\.svg$/);
      expect(photos.slice(1).every((p) => !p.isMain)).toBe(true);
    }
    expect([...counts].sort()).toEqual([3, 4, 5, 6]);
    expect(photosFor(ids[0]!, { propertyType: 'flat' }, false)[0]!.url).toMatch(/exterior-flats/);
    expect(photosFor(ids[0]!, { propertyType: 'bungalow', form: 'detached' }, true)[0]!.url).toMatch(
      /exterior-bungalow/,
    );
  });

  test('listings appear over the last 90 days; some are reduced later', () => {
    let reduced = 0;
    for (const id of ids) {
      const { createdAt, priceReducedAt } = listingDatesFor(id, NOW);
      const age = NOW.getTime() - createdAt.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(90 * 86_400_000);
      if (priceReducedAt) {
        reduced++;
        expect(priceReducedAt.getTime()).toBeGreaterThan(createdAt.getTime());
        expect(priceReducedAt.getTime()).toBeLessThan(NOW.getTime());
      }
    }
    expect(reduced / ids.length).toBeGreaterThan(0.04);
    expect(reduced / ids.length).toBeLessThan(0.08);
  });
});

describe('search facts (REQ-SEARCH)', () => {
  test('the price before a reduction is 3–10 % above, rounded up to an asking step', () => {
    for (let i = 0; i < 500; i++) {
      const id = `{TX-${i}}`;
      const sale = 250_000_00 + i * 1_000_00;
      const before = originalPriceFor(id, sale, 'sale');
      expect(before).toBeGreaterThan(sale);
      expect(before).toBeLessThanOrEqual(Math.ceil(sale / 0.9 / 5_000_00) * 5_000_00);
      expect(before % 5_000_00).toBe(0);
      const rent = 1_200_00 + i * 100;
      const rentBefore = originalPriceFor(id, rent, 'rent');
      expect(rentBefore).toBeGreaterThan(rent);
      expect(rentBefore % 25_00).toBe(0);
    }
    expect(originalPriceFor('{A}', 200_000_00, 'sale')).toBe(originalPriceFor('{A}', 200_000_00, 'sale'));
  });

  test('flags go to sales of the kinds that carry them, in small shares', () => {
    const counts = { retirement: 0, 'shared-ownership': 0, auction: 0, none: 0 };
    for (let i = 0; i < 4000; i++) {
      const id = `{FLAG-${i}}`;
      const flags = listingFlagsFor({
        id,
        mode: 'sale',
        propertyType: i % 2 ? 'flat' : 'house',
        tenure: i % 2 ? 'leasehold' : 'freehold',
        features: [],
      });
      expect(flags.length).toBeLessThanOrEqual(1);
      if (flags[0] === 'retirement') expect(i % 2).toBe(1);
      if (flags[0] === 'shared-ownership') expect(i % 2).toBe(1);
      counts[flags[0] ?? 'none'] += 1;
      expect(listingFlagsFor({ id, mode: 'rent', propertyType: 'flat', tenure: null, features: [] })).toEqual(
        [],
      );
    }
    expect(counts.retirement).toBeGreaterThan(60);
    expect(counts.retirement).toBeLessThan(200);
    expect(counts['shared-ownership']).toBeGreaterThan(20);
    expect(counts.auction).toBeGreaterThan(30);
    expect(counts.auction).toBeLessThan(130);
  });
});
