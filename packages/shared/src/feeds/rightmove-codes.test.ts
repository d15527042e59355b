import { describe, expect, test } from 'vitest';
import { PROPERTY_SUB_TYPES_BY_TYPE } from '../listings/listing-vocabulary.ts';
import {
  codeNumber,
  mapCode,
  mapPropertyType,
  RIGHTMOVE_CODE_ISSUES,
  RIGHTMOVE_PRICE_QUALIFIERS,
  RIGHTMOVE_PROPERTY_TYPES,
  RIGHTMOVE_TENURE_TYPES,
} from './rightmove-codes.ts';

/** Every code of `property_type` in Rightmove's RTDF v1 SendPropertyDetailsRequestSchema. */
const PUBLISHED_PROPERTY_TYPES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 43,
  44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 56, 59, 62, 65, 68, 71, 74, 77, 80, 83, 86, 92, 95, 101, 104, 107,
  110, 113, 116, 117, 118, 119, 120, 121, 125, 128, 131, 134, 137, 140, 141, 142, 143, 144, 178, 181, 184,
  187, 190, 193, 196, 199, 202, 205, 208, 211, 214, 217, 220, 223, 226, 229, 232, 235, 238, 241, 244, 247,
  250, 253, 256, 259, 262, 265, 268, 271, 274, 277, 280, 283, 298, 301, 304, 307, 310, 511, 512, 535, 538,
  541,
];

/** Homes: code → [Abode type, sub-type, flag]. */
const HOMES: [number, string, string | null, string | null][] = [
  [1, 'house', 'terraced', null],
  [2, 'house', 'end-of-terrace', null],
  [3, 'house', 'semi-detached', null],
  [4, 'house', 'detached', null],
  [5, 'house', 'mews', null],
  [6, 'house', 'cluster-house', null],
  [7, 'flat', 'ground-flat', null],
  [8, 'flat', 'flat', null],
  [9, 'flat', 'studio', null],
  [10, 'maisonette', 'ground-maisonette', null],
  [11, 'maisonette', 'maisonette', null],
  [12, 'bungalow', 'bungalow', null],
  [13, 'bungalow', 'terraced-bungalow', null],
  [14, 'bungalow', 'semi-detached-bungalow', null],
  [15, 'bungalow', 'detached-bungalow', null],
  [16, 'bungalow', 'park-home', null],
  [20, 'land', 'land', null],
  [21, 'house', 'link-detached', null],
  [22, 'house', 'town-house', null],
  [23, 'house', 'cottage', null],
  [24, 'bungalow', null, null],
  [25, 'house', null, null],
  [26, 'house', null, null],
  [27, 'house', null, null],
  [28, 'flat', 'apartment', null],
  [29, 'flat', 'penthouse', null],
  [30, 'house', 'farmhouse', null],
  [43, 'house', 'barn-conversion', null],
  [44, 'flat', 'serviced-apartment', null],
  [46, 'flat', null, 'retirement'],
  [47, 'flat', null, 'retirement'],
  [48, 'house', null, null],
  [49, 'flat', null, null],
  [50, 'bungalow', 'park-home', null],
  [52, 'house', 'farmhouse', null],
  [56, 'flat', 'duplex', null],
  [59, 'flat', null, null],
  [62, 'house', 'farmhouse', null],
  [65, 'house', 'cottage', null],
  [71, 'house', null, null],
  [74, 'house', null, null],
  [86, 'house', null, null],
  [92, 'house', null, null],
  [95, 'house', null, null],
  [101, 'house', null, null],
  [104, 'house', 'farmhouse', null],
  [107, 'land', 'farm-land', null],
  [110, 'land', 'plot', null],
  [113, 'house', null, null],
  [116, 'house', null, null],
  [118, 'house', null, null],
  [119, 'house', null, null],
  [120, 'house', null, null],
  [121, 'house', null, null],
  [128, 'house', 'semi-detached', null],
  [131, 'house', 'detached', null],
  [140, 'house', null, null],
  [144, 'flat', null, null],
  [511, 'house', 'coach-house', null],
  [512, 'house', null, null],
];

/** Codes that are not homes Abode lists. */
const NOT_HOMES = PUBLISHED_PROPERTY_TYPES.filter(
  (code) => !HOMES.some(([c]) => c === code) && code !== 0 && code !== 125,
);

describe('RIGHTMOVE_PROPERTY_TYPES', () => {
  test('names every code of Rightmove’s published list, and no other', () => {
    expect(
      Object.keys(RIGHTMOVE_PROPERTY_TYPES)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(PUBLISHED_PROPERTY_TYPES);
  });

  test.each(HOMES)('%i is a %s (%s), flag %s', (code, type, subType, flag) => {
    expect(mapPropertyType(code, 'property.property_type')).toEqual({ value: { type, subType, flag } });
    if (subType)
      expect((PROPERTY_SUB_TYPES_BY_TYPE as Record<string, readonly string[]>)[type]).toContain(subType);
  });

  test.each(NOT_HOMES)('%i is not a home: refused, "Abode lists homes only"', (code) => {
    const mapped = mapPropertyType(code, 'PROP_SUB_ID');
    expect(mapped).toEqual({
      issue: {
        code: RIGHTMOVE_CODE_ISSUES.notAHome,
        message: expect.stringMatching(/^Abode lists homes only: '.+' is not one$/),
        field: 'PROP_SUB_ID',
      },
    });
  });

  test.each([0, 125])('%i names no kind of home: refused, asking for the type', (code) => {
    expect(mapPropertyType(code, 'property.property_type')).toMatchObject({
      issue: { code: RIGHTMOVE_CODE_ISSUES.typeUnspecified, field: 'property.property_type' },
    });
  });

  test('an unknown code or one that is not a number is refused as unknown, never thrown', () => {
    for (const code of [999, -1, 'abc', null, 2.5, {}])
      expect(mapPropertyType(code, 'property.property_type')).toMatchObject({
        issue: { code: RIGHTMOVE_CODE_ISSUES.unknownCode, field: 'property.property_type' },
      });
  });

  test('a code sent as text is read', () => {
    expect(mapPropertyType(' 3 ', 'PROP_SUB_ID')).toEqual({
      value: { type: 'house', subType: 'semi-detached', flag: null },
    });
  });
});

describe('RIGHTMOVE_PRICE_QUALIFIERS', () => {
  test.each([
    [0, null],
    [1, 'poa'],
    [2, 'guide-price'],
    [3, 'fixed-price'],
    [4, 'offers-in-excess-of'],
    [5, 'offers-in-region-of'],
    [6, 'sale-by-tender'],
    [7, 'from'],
    [9, 'shared-ownership'],
    [10, 'offers-over'],
    [11, 'part-buy-part-rent'],
    [12, 'shared-equity'],
  ])('%i → %s', (code, qualifier) => {
    expect(mapCode(RIGHTMOVE_PRICE_QUALIFIERS, code, 'price_qualifier')).toEqual({ value: qualifier });
  });

  test("16 'Coming soon' is the plain figure, with a warning", () => {
    expect(mapCode(RIGHTMOVE_PRICE_QUALIFIERS, 16, 'price_qualifier')).toEqual({
      value: null,
      warning: {
        code: RIGHTMOVE_CODE_ISSUES.codeApproximated,
        message: expect.any(String),
        field: 'price_qualifier',
      },
    });
  });

  test('covers exactly Rightmove’s published codes', () => {
    expect(Object.keys(RIGHTMOVE_PRICE_QUALIFIERS).map(Number)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 16,
    ]);
  });
});

describe('RIGHTMOVE_TENURE_TYPES', () => {
  test.each([
    [1, 'freehold'],
    [2, 'leasehold'],
    [4, 'commonhold'],
    [5, 'share_of_freehold'],
  ])('%i → %s', (code, tenure) => {
    expect(mapCode(RIGHTMOVE_TENURE_TYPES, code, 'TENURE_TYPE_ID')).toEqual({ value: tenure });
  });

  test('3 feudal (Scotland) is freehold, with a warning saying why', () => {
    expect(mapCode(RIGHTMOVE_TENURE_TYPES, 3, 'TENURE_TYPE_ID')).toEqual({
      value: 'freehold',
      warning: {
        code: RIGHTMOVE_CODE_ISSUES.codeApproximated,
        message: expect.stringContaining('abolished'),
        field: 'TENURE_TYPE_ID',
      },
    });
  });

  test('an unknown tenure is a warning naming the field and the value', () => {
    expect(mapCode(RIGHTMOVE_TENURE_TYPES, 9, 'property.price_information.tenure_type')).toEqual({
      issue: {
        code: 'UNKNOWN_CODE',
        message: 'Unknown code 9 for property.price_information.tenure_type: the field was left out',
        field: 'property.price_information.tenure_type',
      },
    });
  });
});

test.each([
  [3, 3],
  ['12', 12],
  [' 7 ', 7],
  ['-1', -1],
  [2.5, null],
  ['2.5', null],
  ['', null],
  [null, null],
  [undefined, null],
  [true, null],
])('codeNumber(%j) is %j', (input, expected) => {
  expect(codeNumber(input)).toBe(expected);
});
