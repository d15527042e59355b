import { describe, expect, test } from 'vitest';
import {
  BLM_COUNCIL_TAX_BANDS,
  BLM_FURNISHINGS,
  BLM_LET_TYPES,
  BLM_PUBLISHED_FLAGS,
  BLM_RENT_FREQUENCIES,
  BLM_STATUSES,
  BLM_TRANSACTION_TYPES,
  blmCouncilTaxBand,
  blmMediaColumn,
  blmYesNo,
  mapBlmCode,
} from './blm-codes.ts';

/** Every code of a list checked: the test tables below must name them all, no more, no fewer. */
const codesOf = (list: object) => Object.keys(list).map(Number);

describe('TRANS_TYPE_ID', () => {
  test.each([
    ['1', 'sale'],
    ['2', 'rent'],
  ])('%s → %s', (code, mode) => {
    expect(mapBlmCode(BLM_TRANSACTION_TYPES, code, 'TRANS_TYPE_ID')).toEqual({ value: mode });
  });
  test('the table covers the list', () => expect(codesOf(BLM_TRANSACTION_TYPES)).toEqual([1, 2]));
});

describe('STATUS_ID', () => {
  const cases = [
    ['0', 'active', null, false],
    ['1', 'sold', 'sale', false],
    ['2', 'sold', 'sale', true],
    ['3', 'under-offer', 'sale', false],
    ['4', 'under-offer', 'sale', true],
    ['5', 'let-agreed', 'rent', false],
    ['6', 'sold', 'sale', true],
    ['7', 'let', 'rent', false],
  ] as const;
  test.each(cases)('%s → %s (%s)', (code, status, mode, approximated) => {
    const mapped = mapBlmCode(BLM_STATUSES, code, 'STATUS_ID');
    expect(mapped).toMatchObject({ value: { status, mode } });
    expect('warning' in mapped && mapped.warning?.code === 'CODE_APPROXIMATED').toBe(approximated);
  });
  test('the table covers the list', () =>
    expect(codesOf(BLM_STATUSES)).toEqual(cases.map(([code]) => Number(code))));
});

describe('LET_TYPE_ID', () => {
  const cases = [
    ['0', null],
    ['1', 'long-term'],
    ['2', 'short-term'],
    ['3', 'student'],
    ['4', 'commercial'],
  ] as const;
  test.each(cases)('%s → %s', (code, letType) => {
    expect(mapBlmCode(BLM_LET_TYPES, code, 'LET_TYPE_ID')).toEqual({ value: letType });
  });
  test('the table covers the list', () =>
    expect(codesOf(BLM_LET_TYPES)).toEqual(cases.map(([code]) => Number(code))));
});

describe('LET_FURN_ID', () => {
  const cases = [
    ['0', 'furnished', false],
    ['1', 'part_furnished', false],
    ['2', 'unfurnished', false],
    ['3', null, false],
    ['4', null, true],
  ] as const;
  test.each(cases)('%s → %s', (code, furnished, approximated) => {
    const mapped = mapBlmCode(BLM_FURNISHINGS, code, 'LET_FURN_ID');
    expect(mapped).toMatchObject({ value: furnished });
    expect('warning' in mapped && mapped.warning !== undefined).toBe(approximated);
  });
  test('the table covers the list', () =>
    expect(codesOf(BLM_FURNISHINGS)).toEqual(cases.map(([code]) => Number(code))));
});

describe('LET_RENT_FREQUENCY', () => {
  /** The code, Abode's frequency, and what a quoted rent of £1,200 (120,000 pence) is stored as. */
  const cases = [
    ['0', 'pw', 120_000, false],
    ['1', 'pcm', 120_000, false],
    ['2', 'pcm', 40_000, true],
    ['3', 'pcm', 10_000, true],
    ['5', 'pw', 120_000, true],
  ] as const;
  test.each(cases)('%s → %s, £1,200 as %i pence', (code, frequency, pence, approximated) => {
    const mapped = mapBlmCode(BLM_RENT_FREQUENCIES, code, 'LET_RENT_FREQUENCY');
    if (!('value' in mapped)) throw new Error('expected a value');
    expect(mapped.value.frequency).toBe(frequency);
    expect((120_000 * mapped.value.factor.numerator) / mapped.value.factor.denominator).toBe(pence);
    expect(mapped.warning !== undefined).toBe(approximated);
  });
  test('the table covers the list', () =>
    expect(codesOf(BLM_RENT_FREQUENCIES)).toEqual(cases.map(([code]) => Number(code))));
});

describe('PUBLISHED_FLAG', () => {
  test.each([
    ['0', false],
    ['1', true],
  ])('%s → %s', (code, published) => {
    expect(mapBlmCode(BLM_PUBLISHED_FLAGS, code, 'PUBLISHED_FLAG')).toEqual({ value: published });
  });
});

describe('yes/no columns (NEW_HOME_FLAG, SHARED_OWNERSHIP, COUNCIL_TAX_EXEMPT, COUNCIL_TAX_INCLUDED)', () => {
  test.each([
    ['Y', true],
    ['y', true],
    ['1', true],
    ['N', false],
    ['0', false],
    ['', null],
  ])('%j → %s', (value, yes) => {
    expect(blmYesNo(value, 'NEW_HOME_FLAG')).toEqual({ value: yes });
  });
  test('anything else is an unknown code naming the column', () => {
    expect(blmYesNo('Maybe', 'NEW_HOME_FLAG')).toMatchObject({
      issue: { code: 'UNKNOWN_CODE', field: 'NEW_HOME_FLAG' },
    });
  });
});

describe('COUNCIL_TAX_BAND', () => {
  test.each(
    [...'ABCDEFGH']
      .map((band) => [band, band])
      .concat([
        ['Exempt', 'exempt'],
        ['b', 'B'],
      ]),
  )('%s → %s', (value, band) => {
    expect(blmCouncilTaxBand(value)).toEqual({ value: band });
  });
  test('the table covers the list', () =>
    expect(Object.keys(BLM_COUNCIL_TAX_BANDS)).toEqual([...'ABCDEFGH', 'EXEMPT']));
  test("blank is none; Wales's band I and 'TBC' are unknown (left out)", () => {
    expect(blmCouncilTaxBand(' ')).toEqual({ value: null });
    expect(blmCouncilTaxBand('I')).toMatchObject({
      issue: { code: 'UNKNOWN_CODE', field: 'COUNCIL_TAX_BAND' },
    });
    expect(blmCouncilTaxBand('TBC')).toMatchObject({ issue: { code: 'UNKNOWN_CODE' } });
  });
});

describe('mapBlmCode', () => {
  test('an unknown or non-numeric code is an issue naming the column and the value, never a throw', () => {
    for (const code of ['9', '-1', 'two', '1.5', ''])
      expect(mapBlmCode(BLM_STATUSES, code, 'STATUS_ID')).toMatchObject({
        issue: {
          code: 'UNKNOWN_CODE',
          field: 'STATUS_ID',
          message: expect.stringContaining(JSON.stringify(code)),
        },
      });
  });
  test('codes with spaces around them are read', () => {
    expect(mapBlmCode(BLM_LET_TYPES, ' 1 ', 'LET_TYPE_ID')).toEqual({ value: 'long-term' });
  });
});

describe('media columns', () => {
  test.each([
    ['MEDIA_IMAGE_00', { kind: 'photo', index: 0, caption: false }],
    ['MEDIA_IMAGE_59', { kind: 'photo', index: 59, caption: false }],
    ['MEDIA_IMAGE_TEXT_03', { kind: 'photo', index: 3, caption: true }],
    ['MEDIA_IMAGE_60', { kind: 'epc', index: 60, caption: false }],
    ['MEDIA_IMAGE_TEXT_61', { kind: 'epc', index: 61, caption: true }],
    ['MEDIA_FLOOR_PLAN_00', { kind: 'floor-plan', index: 0, caption: false }],
    ['MEDIA_FLOOR_PLAN_TEXT_01', { kind: 'floor-plan', index: 1, caption: true }],
    ['MEDIA_DOCUMENT_00', { kind: 'brochure', index: 0, caption: false }],
    ['MEDIA_DOCUMENT_49', { kind: 'brochure', index: 49, caption: false }],
    ['MEDIA_DOCUMENT_50', { kind: 'epc', index: 50, caption: false }],
    ['MEDIA_DOCUMENT_TEXT_50', { kind: 'epc', index: 50, caption: true }],
    ['MEDIA_VIRTUAL_TOUR_00', { kind: 'tour', index: 0, caption: false }],
    ['MEDIA_VIRTUAL_TOUR_TEXT_01', { kind: 'tour', index: 1, caption: true }],
  ])('%s', (column, expected) => {
    expect(blmMediaColumn(column)).toEqual(expected);
  });
  test('other columns are not media', () => {
    for (const column of [
      'MEDIA_IMAGE_1',
      'MEDIA_IMAGE_100',
      'MEDIA_AUDIO_00',
      'FEATURE1',
      'MEDIA_IMAGE_TEXT',
    ])
      expect(blmMediaColumn(column)).toBeNull();
  });
});
