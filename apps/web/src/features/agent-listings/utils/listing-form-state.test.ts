import { expect, test } from 'vitest';
import { EMPTY_LISTING } from '../components/listing-form.tsx';
import {
  controlIdOf,
  errorsInFormOrder,
  fieldLabelOf,
  formPathOf,
  toFormState,
  toSchemaValues,
} from './listing-form-state.ts';
import { feetAndInches, squareFeet } from './measurements.ts';

test('feet and inches cut the inches (3.65 m is 11′ 11″), exact conversions stay whole, blanks give nothing', () => {
  expect(feetAndInches(3.65)).toBe('11′ 11″');
  expect(feetAndInches(3.048)).toBe('10′ 0″');
  expect(feetAndInches(0.3)).toBe('0′ 11″');
  expect(feetAndInches(2.4)).toBe('7′ 10″');
  for (const blank of ['', Number.NaN, 0, -1, '3.65', null]) expect(feetAndInches(blank)).toBeUndefined();
  expect(squareFeet(64)).toBe('689 ft²');
  expect(squareFeet(1000)).toBe('10,764 ft²');
  expect(squareFeet('')).toBeUndefined();
});

test('the schema sees no blank rows, no hidden answers and no figure for POA; the row map places errors back', () => {
  const state = toFormState({
    ...EMPTY_LISTING,
    pricePence: 450_000_00,
    priceQualifier: 'poa',
    keyFeatures: ['', 'Garage', ' ', 'Cellar'],
    rooms: [
      { name: '', lengthM: '', widthM: '', description: '' },
      { name: 'Study', lengthM: 2.1, widthM: '', description: '' },
    ],
    materialInformation: { water: { status: 'answered', value: 'mains', note: null } },
  });
  state.materialInformation.parking = { status: '', value: null, note: '' };
  state.materialInformation.floodRisk = { status: '', value: null, note: 'Ask about the brook' };
  const { values, rows } = toSchemaValues(state);
  expect(values).toMatchObject({
    pricePence: '',
    keyFeatures: ['Garage', 'Cellar'],
    rooms: [{ name: 'Study', lengthM: 2.1 }],
    materialInformation: {
      water: { status: 'answered', value: 'mains', note: '' },
      // A note without an answer is kept, so the schema asks for the answer.
      floodRisk: { status: undefined, value: null, note: 'Ask about the brook' },
    },
  });
  expect(values.materialInformation).not.toHaveProperty('parking');
  expect(rows).toEqual({ keyFeatures: [1, 3], rooms: [1] });
  expect(formPathOf(['keyFeatures', 1], rows)).toBe('keyFeatures.3.text');
  expect(formPathOf(['keyFeatures'], rows)).toBe('keyFeatures.root');
  expect(formPathOf(['rooms', 0, 'lengthM'], rows)).toBe('rooms.1.lengthM');
  expect(formPathOf(['materialInformation', 'floodRisk', 'value'], rows)).toBe(
    'materialInformation.floodRisk.value',
  );
});

test('a rent is quoted pcm unless stored pw', () => {
  expect(toFormState({ ...EMPTY_LISTING, mode: 'rent' }).rentFrequency).toBe('pcm');
  expect(toFormState({ ...EMPTY_LISTING, mode: 'rent', rentFrequency: 'pw' }).rentFrequency).toBe('pw');
  expect(toFormState(EMPTY_LISTING).rentFrequency).toBe('');
});

test('error paths name their control and field, and are listed in the order of the form', () => {
  expect(controlIdOf('keyFeatures.3.text')).toBe('listing-keyFeatures-3');
  expect(controlIdOf('rooms.root')).toBe('listing-rooms');
  expect(controlIdOf('materialInformation.floodRisk.value')).toBe('listing-materialInformation-floodRisk');
  expect(controlIdOf('materialInformation.floodRisk.note')).toBe(
    'listing-materialInformation-floodRisk-note',
  );
  expect(fieldLabelOf('rooms.1.widthM')).toBe('Room 2 width');
  expect(fieldLabelOf('materialInformation.floodRisk.note')).toBe('Flood risk note');
  const errors = {
    materialInformation: { floodRisk: { value: { type: 'custom', message: 'c' } } },
    rooms: [undefined, { name: { type: 'custom', message: 'b' } }],
    title: { type: 'custom', message: 'a', ref: {} },
    depositPence: { type: 'custom', message: 'd' },
  };
  expect(errorsInFormOrder(errors).map((e) => e.path)).toEqual([
    'title',
    'rooms.1.name',
    'depositPence',
    'materialInformation.floodRisk.value',
  ]);
});

test('what the form hides is sent blank: lettings terms of a sale, lease terms of a freehold or a rental', () => {
  const typed = {
    ...EMPTY_LISTING,
    depositPence: 'x',
    letType: 'student',
    leaseYearsRemaining: 'abc',
    serviceChargePence: 1200_00,
  };
  const freehold = toSchemaValues(toFormState({ ...typed, tenure: 'freehold' })).values;
  expect(freehold).toMatchObject({
    depositPence: '',
    letType: '',
    leaseYearsRemaining: '',
    serviceChargePence: '',
  });
  const leasehold = toSchemaValues(toFormState({ ...typed, tenure: 'leasehold' })).values;
  expect(leasehold).toMatchObject({
    depositPence: '',
    leaseYearsRemaining: 'abc',
    serviceChargePence: 1200_00,
  });
  const rental = toSchemaValues(toFormState({ ...typed, mode: 'rent', tenure: 'leasehold' })).values;
  expect(rental).toMatchObject({
    depositPence: 'x',
    letType: 'student',
    leaseYearsRemaining: '',
    rentFrequency: 'pcm',
  });
});
