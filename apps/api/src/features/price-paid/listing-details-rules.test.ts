import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  LISTING_KEY_FEATURE_MAX_LENGTH,
  MaterialInformationInputSchema,
  POA_SEARCH_PRICE_PENCE,
  WEEKS_PER_MONTH,
} from '@abode/shared/agent/listing-input.schema';
import { MATERIAL_ITEM_KEYS } from '@abode/shared/listings/material-information';
import { API_ROOT } from '#src/lib/api-root.ts';
import {
  epcPotentialFor,
  LEASE_EXTENSION_YEARS,
  listingDetailsFor,
  POA_RULE,
  SHORT_LEASE_YEARS,
  type DetailsFacts,
} from './listing-details-rules.ts';
import { KEY_FEATURES_MAX, KEY_FEATURES_MIN } from './key-features-rules.ts';
import { FLOOR_PLAN_LAYOUTS, floorPlanFile, ROOM_SHARE, roomLayoutFor } from './room-rules.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const ids = Array.from(
  { length: 3000 },
  (_, i) => `{00000000-0000-4000-8000-${String(i).padStart(12, '0')}}`,
);

/** A three-bedroom semi-detached house for sale in London SW19; overridable per test. */
function facts(overrides: Partial<DetailsFacts> = {}): DetailsFacts {
  return {
    id: '{E52776D8-8E96-4C0D-81C5-6369A92CF8D2}',
    mode: 'sale',
    propertyType: 'house',
    form: 'semi-detached',
    bedrooms: 3,
    bathrooms: 2,
    parkingSpaces: 1,
    floorAreaSqm: 90,
    tenure: 'freehold',
    epcRating: 'D',
    councilTaxBand: 'E',
    features: ['garden', 'parking'],
    flags: [],
    furnished: null,
    availableFrom: null,
    pricePence: 810_000_00,
    reduced: false,
    soldOn: '2013-06-07',
    soldNew: false,
    city: 'London',
    outcode: 'SW19',
    now: NOW,
    ...overrides,
  };
}

const flat = (overrides: Partial<DetailsFacts> = {}) =>
  facts({ propertyType: 'flat', form: undefined, bedrooms: 2, bathrooms: 1, floorAreaSqm: 68, ...overrides });
const rental = (overrides: Partial<DetailsFacts> = {}) =>
  flat({
    mode: 'rent',
    tenure: null,
    pricePence: 1_950_00,
    furnished: 'unfurnished',
    availableFrom: '2026-12-15',
    ...overrides,
  });

describe('listing details', () => {
  test('are deterministic per listing and vary between listings', () => {
    expect(listingDetailsFor(facts())).toEqual(listingDetailsFor(facts()));
    const qualifiers = new Set(
      ids.slice(0, 300).map((id) => listingDetailsFor(facts({ id })).priceQualifier),
    );
    expect(qualifiers.size).toBeGreaterThan(4);
  });

  test('key features: 3–8 short bullets of the listing’s own facts; a one-paragraph summary', () => {
    const house = listingDetailsFor(facts({ features: ['garden', 'parking', 'chain-free'] }));
    expect(house.keyFeatures).toEqual([
      'Three bedrooms',
      'Two bathrooms, one en-suite',
      'Two reception rooms',
      'Garden',
      'Off-street parking',
      'Freehold',
      'No onward chain',
      'EPC rating D',
    ]);
    expect(house.summary).toBe(
      'A three-bedroom semi-detached house for sale in London SW19, with two reception rooms, two bathrooms, a ' +
        'garden and off-street parking. Freehold, offered with no onward chain.',
    );
    for (const id of ids.slice(0, 500)) {
      for (const d of [listingDetailsFor(facts({ id })), listingDetailsFor(rental({ id }))]) {
        expect(d.keyFeatures.length).toBeGreaterThanOrEqual(KEY_FEATURES_MIN);
        expect(d.keyFeatures.length).toBeLessThanOrEqual(KEY_FEATURES_MAX);
        for (const bullet of d.keyFeatures)
          expect(bullet.length).toBeLessThanOrEqual(LISTING_KEY_FEATURE_MAX_LENGTH);
        expect(d.summary).not.toMatch(/[<>\n]/);
      }
    }
  });

  test('rooms match bedrooms, bathrooms and reception rooms and fill 72–83 % of the floor area', () => {
    for (const [i, [kind, bedrooms, bathrooms]] of FLOOR_PLAN_LAYOUTS.entries()) {
      const propertyType = kind === 'flat' || kind === 'maisonette' || kind === 'bungalow' ? kind : 'house';
      const form = propertyType === 'house' ? kind : propertyType === 'bungalow' ? 'detached' : undefined;
      const floorAreaSqm = 40 + 25 * bedrooms;
      const d = listingDetailsFor(
        facts({
          id: ids[i]!,
          propertyType,
          form: form as DetailsFacts['form'],
          bedrooms,
          bathrooms,
          floorAreaSqm,
        }),
      );
      const named = (re: RegExp) => d.rooms.filter((r) => re.test(r.name)).length;
      expect(named(/^Bedroom \d$/)).toBe(bedrooms);
      expect(named(/^(Bathroom|En-suite|Shower room)/)).toBe(bathrooms);
      expect(named(/^(Living room|Dining room|Family room|Study|Open-plan)/)).toBe(d.receptionRooms);
      expect(d.receptionRooms).toBeGreaterThanOrEqual(1);
      const area = d.rooms.reduce((sum, r) => sum + r.lengthM * r.widthM, 0);
      expect(area / floorAreaSqm).toBeGreaterThan(ROOM_SHARE.min - 0.01);
      expect(area / floorAreaSqm).toBeLessThan(ROOM_SHARE.max + 0.01);
      for (const room of d.rooms) {
        expect(room.lengthM).toBeGreaterThanOrEqual(room.widthM);
        expect(room.widthM).toBeGreaterThan(1);
      }
    }
  });

  test('floor plans exist for most listings, drawn with the rooms’ own names', () => {
    const dir = path.join(API_ROOT, 'public/media/demo');
    for (const [kind, bedrooms, bathrooms] of FLOOR_PLAN_LAYOUTS) {
      const svg = fs.readFileSync(path.join(dir, floorPlanFile(kind, bedrooms, bathrooms)), 'utf8');
      const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ');
      for (const room of roomLayoutFor(kind, bedrooms, bathrooms))
        for (const word of room.name.split(' ')) expect(labels).toContain(word);
    }
    const plans = ids.map((id) => listingDetailsFor(facts({ id })).floorPlan);
    const share = plans.filter(Boolean).length / plans.length;
    expect(share).toBeGreaterThan(0.8);
    expect(share).toBeLessThan(0.9);
    expect(plans.find(Boolean)).toMatchObject({
      url: '/media/demo/floorplan-semi-detached-3-bed-2-bath.svg',
      width: 800,
      height: 600,
    });
    // A layout the rules never make (an agent's 9-bedroom edit) keeps its rooms but has no plan.
    const big = listingDetailsFor(facts({ bedrooms: 9, bathrooms: 4 }));
    expect(big.rooms.filter((r) => r.name.startsWith('Bedroom'))).toHaveLength(9);
    expect(big.floorPlan).toBeNull();
  });

  test('listings an agent edited to facts the rules never make still read sensibly', () => {
    const studio = listingDetailsFor(rental({ bedrooms: 0 }));
    expect(studio.keyFeatures[0]).toBe('Studio');
    expect(studio.summary).toMatch(/^A studio flat to rent in London SW19/);
    const land = listingDetailsFor(
      facts({ propertyType: 'land', form: undefined, bedrooms: 0, bathrooms: 0 }),
    );
    expect(land.summary).toMatch(/^Land for sale in London SW19/);
    expect(land).toMatchObject({ rooms: [], receptionRooms: 0, floorPlan: null });
  });

  test('EPC potential is never worse than the current rating', () => {
    const order = 'ABCDEFG';
    for (const id of ids.slice(0, 700))
      for (const current of ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const) {
        const potential = epcPotentialFor(id, current)!;
        expect(order.indexOf(potential)).toBeLessThanOrEqual(order.indexOf(current));
        expect(order.indexOf(current) - order.indexOf(potential)).toBeLessThanOrEqual(2);
      }
    expect(epcPotentialFor(ids[0]!, null)).toBeNull();
  });

  test('material information answers every Part B and C item with a valid option or ask agent', () => {
    let askAgent = 0;
    for (const id of ids.slice(0, 500)) {
      const info = listingDetailsFor(flat({ id, tenure: 'leasehold' })).materialInformation;
      expect(Object.keys(info).sort()).toEqual([...MATERIAL_ITEM_KEYS].sort());
      expect(MaterialInformationInputSchema.safeParse(info).success).toBe(true);
      askAgent += Object.values(info).filter((a) => a.status === 'ask-agent').length;
      expect(['very-low', 'low', undefined]).toContain(info.floodRisk!.value ?? undefined);
    }
    expect(askAgent / (500 * MATERIAL_ITEM_KEYS.length)).toBeLessThan(0.06);
  });
});

describe('price', () => {
  test('POA for a small share of homes at £2m or more only, never reduced ones or rentals', () => {
    let poa = 0;
    let expensive = 0;
    for (const [i, id] of ids.entries()) {
      const pricePence = (200_000 + i * 3_000) * 100; // £200,000 to about £9.2m
      const d = listingDetailsFor(facts({ id, pricePence }));
      if (pricePence >= POA_RULE.minPence) expensive++;
      if (d.priceQualifier !== 'poa') {
        expect(d.pricePence).toBe(pricePence);
        continue;
      }
      poa++;
      expect(pricePence).toBeGreaterThanOrEqual(POA_RULE.minPence);
      expect(d.pricePence).toBe(POA_SEARCH_PRICE_PENCE);
      expect(listingDetailsFor(facts({ id, pricePence, reduced: true })).priceQualifier).not.toBe('poa');
    }
    expect(poa).toBeGreaterThan(0);
    expect(poa / expensive).toBeLessThan(0.25);
    for (const id of ids.slice(0, 300))
      expect(listingDetailsFor(rental({ id, pricePence: 30_000_00 })).priceQualifier).toBeNull();
  });

  test('auctions are quoted at a guide price and shared ownership as such', () => {
    expect(listingDetailsFor(facts({ flags: ['auction'] })).priceQualifier).toBe('guide-price');
    expect(listingDetailsFor(flat({ tenure: 'leasehold', flags: ['shared-ownership'] })).priceQualifier).toBe(
      'shared-ownership',
    );
  });
});

describe('lettings terms', () => {
  test('deposit 5 weeks’ rent and holding deposit 1 week, in whole pounds never above the caps', () => {
    for (const id of ids.slice(0, 300)) {
      const d = listingDetailsFor(rental({ id }));
      const weekly = (d.weeklyRentPence ?? d.pricePence / WEEKS_PER_MONTH) as number;
      expect(d.depositPence! % 100).toBe(0);
      expect(d.depositPence!).toBeLessThanOrEqual(weekly * 5);
      expect(d.depositPence!).toBeGreaterThan(weekly * 5 - 100);
      expect(d.holdingDepositPence!).toBeLessThanOrEqual(weekly);
      expect(d.holdingDepositPence!).toBeGreaterThan(weekly - 100);
      expect([6, 12]).toContain(d.minimumTermMonths);
      expect(d.letType === 'student' || d.letType === 'long-term').toBe(true);
    }
    // £5,000 a month is £60,000 a year: the cap is 6 weeks (Tenant Fees Act 2019).
    const dear = listingDetailsFor(rental({ pricePence: 5_000_00 }));
    expect(dear.depositPence).toBe(Math.floor(((5_000_00 / WEEKS_PER_MONTH) * 6) / 100) * 100);
  });

  test('student lets are furnished, quoted per week and let for 12 months', () => {
    const students = ids
      .map((id) => listingDetailsFor(rental({ id, furnished: 'furnished', pricePence: 2_000_00 })))
      .filter((d) => d.letType === 'student');
    expect(students.length).toBeGreaterThan(ids.length * 0.08);
    expect(students.length).toBeLessThan(ids.length * 0.16);
    for (const d of students) {
      expect(d).toMatchObject({ rentFrequency: 'pw', minimumTermMonths: 12, councilTaxIncluded: false });
      expect(d.weeklyRentPence! % 100).toBe(0);
      expect(d.pricePence).toBe(Math.round(d.weeklyRentPence! * WEEKS_PER_MONTH));
      expect(d.depositPence).toBe(d.weeklyRentPence! * 5);
    }
    for (const id of ids.slice(0, 300))
      expect(listingDetailsFor(rental({ id, furnished: 'unfurnished' })).letType).toBe('long-term');
    expect(listingDetailsFor(facts()).depositPence).toBeNull();
  });
});

describe('lease terms', () => {
  test('leaseholds get years left within the term (or after a 90-year extension), ground rent and service charge', () => {
    let extended = 0;
    for (const [i, id] of ids.entries()) {
      const sold = 1995 + (i % 31);
      const d = listingDetailsFor(flat({ id, tenure: 'leasehold', soldOn: `${sold}-03-15` }));
      const years = d.leaseYearsRemaining!;
      // Granted 0–25 whole years before the sale (15 March), so that many years ago (as of 21 November 2026).
      const since = Array.from({ length: 26 }, (_, back) => 2026 - sold + back);
      const unextended = [99, 125, 999].flatMap((term) => since.map((e) => term - e));
      const fits = unextended.some((left) => left >= SHORT_LEASE_YEARS && left === years);
      const fitsExtended = unextended.some(
        (left) => left < SHORT_LEASE_YEARS && Math.max(left, 0) + LEASE_EXTENSION_YEARS === years,
      );
      expect(fits || fitsExtended).toBe(true);
      if (!fits) {
        extended++;
        expect(d.groundRentPence).toBe(0);
      }
      expect(years).toBeGreaterThanOrEqual(SHORT_LEASE_YEARS);
      expect(years).toBeLessThanOrEqual(999);
      expect(d.groundRentPence! % 25_00).toBe(0);
      expect(d.groundRentPence!).toBeLessThanOrEqual(400_00);
      if (d.groundRentPence! > 0) expect(d.groundRentReview).toBeTruthy();
      else expect(d.groundRentReview).toBeNull();
      // £15–£45 per m² of the 68 m² flat, to £10.
      expect(d.serviceChargePence!).toBeGreaterThanOrEqual(1_020_00);
      expect(d.serviceChargePence!).toBeLessThanOrEqual(3_060_00);
    }
    expect(extended).toBeGreaterThan(0);
    const freehold = listingDetailsFor(facts());
    expect(freehold).toMatchObject({
      leaseYearsRemaining: null,
      groundRentPence: null,
      serviceChargePence: null,
    });
  });

  test('no ground rent on leases granted from 30 June 2022; years left count from the grant', () => {
    for (const id of ids.slice(0, 200)) {
      const d = listingDetailsFor(flat({ id, tenure: 'leasehold', soldOn: '2023-09-01', soldNew: true }));
      expect(d.groundRentPence).toBe(0);
      expect([99 - 3, 125 - 3, 999 - 3]).toContain(d.leaseYearsRemaining);
    }
  });
});
