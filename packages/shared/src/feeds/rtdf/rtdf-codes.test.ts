import { describe, expect, test } from 'vitest';
import { MATERIAL_ITEMS } from '../../listings/material-information.ts';
import { mapCode } from '../rightmove-codes.ts';
import {
  RTDF_ACCESSIBILITY,
  RTDF_AREA_UNITS,
  RTDF_CHANNELS,
  RTDF_FURNISHED_TYPES,
  RTDF_HEATING,
  RTDF_LET_TYPES,
  RTDF_MEDIA_TYPES,
  RTDF_OUTSIDE_SPACES,
  RTDF_PARKING,
  RTDF_REMOVAL_REASONS,
  RTDF_RENT_FREQUENCIES,
  RTDF_ROOM_DIMENSION_UNITS,
  RTDF_STATUSES,
} from './rtdf-codes.ts';

const codesOf = (list: object) => Object.keys(list).map(Number);

test.each([
  [1, 'sale'],
  [2, 'rent'],
])('channel %i → %s', (code, mode) => {
  expect(mapCode(RTDF_CHANNELS, code, 'branch.channel')).toEqual({ value: mode });
});

describe('status', () => {
  test.each([
    [1, 'active', 'active'],
    [2, 'sold', 'sold'],
    [3, 'sold', 'sold'],
    [4, 'under-offer', 'let-agreed'],
    [5, 'under-offer', 'let-agreed'],
    [6, 'let-agreed', 'let-agreed'],
  ])('%i → %s for sale, %s to rent', (code, sale, rent) => {
    expect(RTDF_STATUSES[code]).toMatchObject({ sale, rent });
  });
  test('covers exactly the published codes', () =>
    expect(codesOf(RTDF_STATUSES)).toEqual([1, 2, 3, 4, 5, 6]));
});

describe('rent_frequency', () => {
  test.each([
    [1, 'pcm', 1 / 12],
    [4, 'pcm', 1 / 3],
    [12, 'pcm', 1],
    [52, 'pw', 1],
    [365, 'pcm', 365 / 12],
  ])('%i → %s × %f', (code, frequency, perMonth) => {
    expect(RTDF_RENT_FREQUENCIES[code]).toMatchObject({ frequency, perMonth });
  });
  test('£12,000 a year is £1,000 pcm; £30 a day is £912.50 pcm', () => {
    expect(1_200_000 * RTDF_RENT_FREQUENCIES[1]!.perMonth).toBeCloseTo(100_000);
    expect(3_000 * RTDF_RENT_FREQUENCIES[365]!.perMonth).toBeCloseTo(91_250);
  });
});

test.each([
  [0, null],
  [1, 'long-term'],
  [2, 'short-term'],
  [4, 'commercial'],
])('let_type %i → %s', (code, letType) => {
  expect(mapCode(RTDF_LET_TYPES, code, 'property.let_type')).toEqual({ value: letType });
});

test.each([
  [0, 'furnished'],
  [1, 'part_furnished'],
  [2, 'unfurnished'],
  [4, null],
])('furnished_type %i → %s', (code, furnished) => {
  expect(mapCode(RTDF_FURNISHED_TYPES, code, 'property.details.furnished_type')).toEqual({
    value: furnished,
  });
});

describe('amenities', () => {
  test.each([
    [13, 'parking', 'allocated'],
    [14, 'parking', 'communal'],
    [15, 'parking', null],
    [16, 'parking', 'garage'],
    [17, 'parking', 'driveway'],
    [18, 'parking', null],
    [19, 'parking', null],
    [20, null, 'on-street'],
    [21, 'parking', null],
    [22, null, 'permit'],
    [23, 'parking', null],
    [24, 'parking', 'permit'],
  ])('parking %i → tag %s, Part B answer %s', (code, feature, option) => {
    expect(RTDF_PARKING[code]).toMatchObject({ feature, option });
  });

  test.each([
    [29, 'garden'],
    [30, 'garden'],
    [31, 'garden'],
    [32, 'garden'],
    [33, 'garden'],
    [34, 'garden'],
    [35, null],
    [36, null],
  ])('outside_space %i → tag %s', (code, feature) => {
    expect(RTDF_OUTSIDE_SPACES[code]).toMatchObject({ feature, option: null });
  });

  test.each([
    [1, null],
    [2, null],
    [3, null],
    [4, null],
    [5, 'electric'],
    [6, null],
    [7, 'gas-central'],
    [8, 'electric'],
    [9, 'oil'],
    [10, null],
    [11, null],
    [12, null],
  ])('heating %i → Part B heating %s', (code, option) => {
    expect(RTDF_HEATING[code]).toMatchObject({ feature: null, option });
  });

  test.each([
    [37, 'yes'],
    [38, 'yes'],
    [39, 'yes'],
    [40, 'yes'],
    [41, 'yes'],
    [42, 'no'],
  ])('accessibility %i → Part C accessibility %s', (code, option) => {
    expect(RTDF_ACCESSIBILITY[code]).toMatchObject({ feature: null, option });
  });

  test('every answer is one of its material information item’s options', () => {
    const lists = {
      parking: RTDF_PARKING,
      heating: RTDF_HEATING,
      accessibility: RTDF_ACCESSIBILITY,
    } as const;
    for (const [item, list] of Object.entries(lists))
      for (const amenity of Object.values(list))
        if (amenity.option)
          expect(Object.keys(MATERIAL_ITEMS[item as keyof typeof lists].options)).toContain(amenity.option);
  });
});

test.each([
  [1, { file: 'photo' }],
  [2, { file: 'floor-plan' }],
  [3, { file: 'brochure' }],
  [4, { tour: true }],
  [5, { unsupported: true }],
  [6, { file: 'epc' }],
  [7, { file: 'epc' }],
])('media_type %i → %j', (code, target) => {
  expect(RTDF_MEDIA_TYPES[code]!.target).toEqual(target);
});

test.each([
  [5, 1],
  [6, 0.01],
  [7, 0.001],
  [8, 0.3048],
  [9, 0.0254],
])('room_dimension_unit %i is %f m', (code, metres) => {
  expect(RTDF_ROOM_DIMENSION_UNITS[code]!.metres).toBe(metres);
});

test.each([
  [1, 0.09290304],
  [2, 1],
  [3, 4046.8564224],
  [4, 10_000],
])('internal_area_unit %i is %f m²', (code, squareMetres) => {
  expect(RTDF_AREA_UNITS[code]!.squareMetres).toBe(squareMetres);
});

test('removal reasons cover the published codes', () => {
  expect(codesOf(RTDF_REMOVAL_REASONS)).toEqual([7, 8, 9, 10, 11, 12]);
});

test('an unknown code of any RTDF list is an UNKNOWN_CODE issue naming the field and value', () => {
  const lists: Readonly<Record<number, unknown>>[] = [
    RTDF_STATUSES,
    RTDF_LET_TYPES,
    RTDF_PARKING,
    RTDF_MEDIA_TYPES,
    RTDF_HEATING,
  ];
  for (const list of lists)
    expect(mapCode(list, 77_777, 'property.x')).toEqual({
      issue: {
        code: 'UNKNOWN_CODE',
        message: 'Unknown code 77777 for property.x: the field was left out',
        field: 'property.x',
      },
    });
});
