/** The property's type with its style on the public page (ADR 030): key facts and Part B of the material information. */
import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { makeListingDetail } from '#src/testing/fixtures/listings.ts';
import { propertyTypeName } from '@abode/shared/listings/listing-vocabulary';
import { KeyFacts } from './key-facts.tsx';
import { MaterialInformationSection } from './material-information-section.tsx';

/** The value shown under the term `term` in the region named `region`. */
function factIn(region: string, term: string): string | null {
  const terms = within(screen.getByRole('region', { name: region })).getAllByRole('term');
  return terms.find((dt) => dt.textContent === term)?.nextElementSibling?.textContent ?? null;
}

test.each([
  ['house', null, 'House'],
  ['house', 'semi-detached', 'Semi-detached house'],
  ['house', 'end-of-terrace', 'End of terrace house'],
  ['house', 'mews', 'Mews house'],
  ['house', 'cottage', 'Cottage'],
  ['house', 'town-house', 'Town house'],
  ['flat', 'ground-flat', 'Ground floor flat'],
  ['flat', 'penthouse', 'Penthouse'],
  ['maisonette', 'ground-maisonette', 'Ground floor maisonette'],
  ['bungalow', 'detached-bungalow', 'Detached bungalow'],
  ['land', 'plot', 'Plot'],
] as const)('%s / %s reads %s', (type, subType, text) => {
  expect(propertyTypeName(type, subType)).toBe(text);
});

test("key facts name the style with the type: 'Semi-detached house'", () => {
  render(
    <KeyFacts listing={makeListingDetail({ propertyType: 'house', propertySubType: 'semi-detached' })} />,
  );
  expect(factIn('Key facts', 'Property type')).toBe('Semi-detached house');
});

test('key facts without a style give the type alone', () => {
  render(<KeyFacts listing={makeListingDetail({ propertyType: 'flat', propertySubType: null })} />);
  expect(factIn('Key facts', 'Property type')).toBe('Flat');
});

test('Part B of the material information gives the style too', () => {
  render(
    <MaterialInformationSection
      listing={makeListingDetail({ propertyType: 'flat', propertySubType: 'ground-flat' })}
    />,
  );
  const partB = document.querySelector<HTMLElement>(
    'dl[aria-label="Part B: the property, services and connectivity"]',
  )!;
  const term = within(partB)
    .getAllByRole('term')
    .find((dt) => dt.textContent === 'Property type');
  expect(term?.nextElementSibling?.textContent).toBe('Ground floor flat');
});
