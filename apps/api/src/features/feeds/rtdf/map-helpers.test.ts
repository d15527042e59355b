/**
 * The RTDF adapter's pure pieces (REQ-FEED-03): the headline made from the type, the HTML of CRM descriptions made
 * plain, text shortened at a word, media URLs read as a browser would, and Abode's field names translated to RTDF
 * paths for the answer's errors.
 */
import { describe, expect, test } from 'vitest';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import { listingTitle } from './map-listing.ts';
import { absoluteUrl } from './map-media.ts';
import { htmlToText, shorten } from './map-text.ts';
import { rtdfPath, valueAt } from './rtdf-answer.ts';

test.each([
  [3, 'house', 'semi-detached', 'sale', '3 bedroom semi-detached house for sale'],
  [2, 'house', 'end-of-terrace', 'sale', '2 bedroom end of terrace house for sale'],
  [4, 'house', 'town-house', 'sale', '4 bedroom town house for sale'],
  [3, 'house', 'barn-conversion', 'sale', '3 bedroom barn conversion for sale'],
  [2, 'house', null, 'rent', '2 bedroom house to rent'],
  [1, 'flat', 'ground-flat', 'rent', '1 bedroom ground floor flat to rent'],
  [0, 'flat', 'studio', 'rent', 'Studio flat to rent'],
  [0, 'flat', 'flat', 'sale', 'Flat for sale'],
  [2, 'bungalow', 'detached-bungalow', 'sale', '2 bedroom detached bungalow for sale'],
  [3, 'maisonette', 'ground-maisonette', 'sale', '3 bedroom ground floor maisonette for sale'],
  [0, 'land', 'plot', 'sale', 'Plot for sale'],
] as const)('%i bedrooms, %s, %s, %s: %s', (bedrooms, type, subType, mode, title) => {
  expect(listingTitle(bedrooms, type, subType, mode)).toBe(title);
});

describe('htmlToText', () => {
  test('keeps the paragraphs and list items of simple HTML as lines, decoding references', () => {
    expect(
      htmlToText(
        '<p>Bright &amp; airy.</p><ul><li>Garden</li><li>Garage</li></ul><b>&pound;1,250</b> pcm<br/>Call',
      ),
    ).toBe('Bright & airy.\n\n• Garden\n• Garage\n£1,250 pcm\nCall');
  });

  test('never turns encoded angle brackets into markup', () => {
    expect(htmlToText('a &lt;b&gt; c &#60;i&#62;')).toBe('a &lt;b&gt; c &#60;i&#62;');
  });

  test('leaves script-like text as sent, for the listing rules to refuse', () => {
    const raw = '<p>Lovely</p><script>alert(1)</script>';
    expect(htmlToText(raw)).toBe(raw);
  });
});

test('shorten cuts at a word, ends with an ellipsis and warns once', () => {
  const warnings: FeedIssue[] = [];
  expect(shorten('one two three four', 12, 'property.details.summary', warnings)).toBe('one two…');
  expect(shorten('short', 12, 'property.details.summary', warnings)).toBe('short');
  expect(warnings).toEqual([
    { code: 'TEXT_SHORTENED', message: expect.any(String), field: 'property.details.summary' },
  ]);
});

test.each([
  ['www.rightmove.com/image1.JPG', 'https://www.rightmove.com/image1.JPG'],
  ['//cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
  ['http://crm.example.com/a b.jpg', 'http://crm.example.com/a%20b.jpg'],
  ['https://crm.example.com/<script>', 'https://crm.example.com/%3Cscript%3E'],
  ['javascript:alert(1)', 'javascript:alert(1)'],
])('absoluteUrl(%j) is %j', (raw, href) => {
  expect(absoluteUrl(raw)?.href).toBe(href);
});

test.each([
  ['postcode', 'property.address.postcode_1'],
  ['pricePence', 'property.price_information.price'],
  ['councilTaxBand', 'property.price_information.council_tax_band'],
  ['leaseYearsRemaining', 'property.price_information.tenure_unexpired_years'],
  ['depositPence', 'property.price_information.deposit'],
  ['keyFeatures.3', 'property.details.features.3'],
  ['rooms.2.lengthM', 'property.details.rooms.2.room_length'],
  ['materialInformation.heating', 'property.details.heating'],
  ['materialInformation.floodRisk', 'materialInformation.floodRisk'],
  ['property.media.1.media_url', 'property.media.1.media_url'],
  ['agent_ref', 'property.agent_ref'],
])('the Abode field %s is %s in RTDF', (field, path) => {
  expect(rtdfPath(field)).toBe(path);
});

test('valueAt reads the value a path names in the request, as text', () => {
  const body = { property: { address: { postcode_1: 'SW19' }, details: { heating: [7, 77] } } };
  expect(valueAt(body, 'property.address.postcode_1')).toBe('SW19');
  expect(valueAt(body, 'property.details.heating.1')).toBe('77');
  expect(valueAt(body, 'property.details.heating')).toBe('[7,77]');
  expect(valueAt(body, 'property.nothing.here')).toBeNull();
});
