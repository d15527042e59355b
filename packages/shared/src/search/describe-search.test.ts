import { describe, expect, test } from 'vitest';
import { describeSearch, isOldDefaultLabel, savedSearchTitle } from './describe-search.ts';

describe('describeSearch: a search in words (REQ-CLIENT-07)', () => {
  test('tells three searches in one town apart', () => {
    const labels = [
      describeSearch({ location: 'Leeds', mode: 'rent', propertyType: 'flat', bedrooms: 2 }),
      describeSearch({ location: 'Leeds', mode: 'sale', propertyType: 'house', maxPrice: 300_000 }),
      describeSearch({ location: 'Leeds', mode: 'sale', bedrooms: 1, minPrice: 200_000, maxPrice: 350_000 }),
    ];
    expect(labels).toEqual([
      'Flats to rent in Leeds, 2+ beds',
      'Houses for sale in Leeds, up to £300k',
      'Properties for sale in Leeds, 1+ bed, £200k–£350k',
    ]);
  });

  test('rents are per month; a minimum alone reads "from"', () => {
    expect(describeSearch({ location: 'Bristol', mode: 'rent', minPrice: 1000 })).toBe(
      'Properties to rent in Bristol, from £1,000/month',
    );
    expect(describeSearch({ location: 'Bristol', mode: 'rent', minPrice: 800, maxPrice: 1500 })).toBe(
      'Properties to rent in Bristol, £800–£1,500/month',
    );
  });

  test('names where: a radius, a postcode in capitals, a drawn or map area, or all areas', () => {
    expect(describeSearch({ location: 'York', radius: 5, mode: 'sale' })).toBe(
      'Properties for sale within 5 miles of York',
    );
    expect(describeSearch({ location: 'York', radius: 0.25, mode: 'sale' })).toBe(
      'Properties for sale within ¼ mile of York',
    );
    expect(describeSearch({ location: 'sw191aa', mode: 'sale', propertyType: 'bungalow' })).toBe(
      'Bungalows for sale in SW19 1AA',
    );
    expect(describeSearch({ polygon: 'abc', mode: 'rent', propertyType: 'maisonette' })).toBe(
      'Maisonettes to rent in a drawn area',
    );
    expect(describeSearch({ bounds: '51,-1,52,0', mode: 'sale', propertyType: 'land' })).toBe(
      'Land for sale in a map area',
    );
    // Filters stored without a mode run as Buy (REQ-SEARCH-03), and are named so.
    expect(describeSearch({})).toBe('Properties for sale in all areas');
    expect(describeSearch({ bedrooms: 0 })).toBe('Properties for sale in all areas');
  });

  test('fits the 100-character label cap, cut with an ellipsis and never inside an emoji', () => {
    const long = describeSearch({ location: `${'a'.repeat(90)}🏠🏠🏠`, mode: 'sale', bedrooms: 3 });
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith('…')).toBe(true);
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('describeSearch: picked places (REQ-PLACE)', () => {
  test('a town, a postcode district and a street read as their names', () => {
    expect(describeSearch({ location: 'Bath', place: 'town:bath', mode: 'sale' })).toBe(
      'Properties for sale in Bath',
    );
    expect(describeSearch({ location: 'BA1', place: 'outcode:BA1', mode: 'rent', bedrooms: 2 })).toBe(
      'Properties to rent in BA1, 2+ beds',
    );
    expect(
      describeSearch({ location: 'Milsom Street, Bath', place: 'street:bath|milsom street', mode: 'sale' }),
    ).toBe('Properties for sale in Milsom Street, Bath');
  });

  test('a local authority says so, which tells it from the town of the same name', () => {
    const town = describeSearch({
      location: 'Newcastle upon Tyne',
      place: 'town:newcastle upon tyne',
      mode: 'sale',
    });
    const authority = describeSearch({
      location: 'Newcastle upon Tyne',
      place: 'authority:E08000021',
      mode: 'sale',
    });
    expect(town).toBe('Properties for sale in Newcastle upon Tyne');
    expect(authority).toBe('Properties for sale in Newcastle upon Tyne (local authority)');
    expect(
      describeSearch({
        location: 'Bath and North East Somerset',
        place: 'authority:E06000022',
        mode: 'rent',
      }),
    ).toBe('Properties to rent in Bath and North East Somerset (local authority)');
  });

  test('a postcode reads as the radius it searches: its own, else a quarter of a mile', () => {
    expect(describeSearch({ location: 'BA1 1AA', place: 'postcode:BA1 1AA', mode: 'sale' })).toBe(
      'Properties for sale within ¼ mile of BA1 1AA',
    );
    expect(describeSearch({ location: 'BA1 1AA', place: 'postcode:BA1 1AA', radius: 1, mode: 'sale' })).toBe(
      'Properties for sale within 1 mile of BA1 1AA',
    );
    expect(describeSearch({ location: 'Bath', place: 'town:bath', radius: 3, mode: 'sale' })).toBe(
      'Properties for sale within 3 miles of Bath',
    );
  });

  test('a place without a location to name it is named by its id; an unknown kind is ignored', () => {
    expect(describeSearch({ place: 'town:bath', mode: 'sale' })).toBe('Properties for sale in bath');
    expect(describeSearch({ place: 'street:bath|milsom street', mode: 'sale' })).toBe(
      'Properties for sale in milsom street, bath',
    );
    expect(describeSearch({ location: 'Bath', place: 'county:somerset', mode: 'sale' })).toBe(
      'Properties for sale in Bath',
    );
    expect(describeSearch({ place: 'county:somerset', mode: 'sale' })).toBe(
      'Properties for sale in all areas',
    );
  });

  test('a long authority name still fits the label cap', () => {
    const label = describeSearch({
      location: 'Dumfries and Galloway',
      place: 'authority:S12000006',
      mode: 'sale',
      propertyType: 'bungalow',
      bedrooms: 3,
      minPrice: 200_000,
      maxPrice: 350_000,
    });
    expect(label).toBe('Bungalows for sale in Dumfries and Galloway (local authority), 3+ beds, £200k–£350k');
    expect(label.length).toBeLessThanOrEqual(100);
  });
});

describe('saved search titles', () => {
  test('old default labels (before REQ-CLIENT-07) are replaced by the filters in words', () => {
    const filters = { location: 'Leeds', mode: 'rent' as const, propertyType: 'flat' as const, bedrooms: 2 };
    expect(savedSearchTitle('Search in Leeds', filters)).toBe('Flats to rent in Leeds, 2+ beds');
    expect(savedSearchTitle('Search in All Areas', { mode: 'sale' })).toBe(
      'Properties for sale in all areas',
    );
    expect(savedSearchTitle('Search in a drawn area', { polygon: 'x', mode: 'sale' })).toBe(
      'Properties for sale in a drawn area',
    );
  });

  test('a name the user chose stays, even one that starts like the old default', () => {
    expect(savedSearchTitle('Leeds flats for Sam', { location: 'Leeds' })).toBe('Leeds flats for Sam');
    expect(savedSearchTitle('Search in Leeds city centre', { location: 'Leeds' })).toBe(
      'Search in Leeds city centre',
    );
    expect(isOldDefaultLabel('Search in York', { location: 'Leeds' }.location)).toBe(false);
  });
});
