/**
 * The search benchmark's fixed query shapes (`npm run bench`, bench/run.ts): each measured with the answer cache off,
 * as the web app sends them.
 */
import { encodePolyline } from '@abode/shared/search/polyline';

/** A drawn area as the SPA sends it: [latitude, longitude] corners → `polygon=` (encoded polyline). */
const polygon = (corners: [number, number][]) =>
  encodeURIComponent(encodePolyline(corners.map(([latitude, longitude]) => ({ latitude, longitude }))));

/**
 * The fixed query mix: places picked in the location box (as the web app sends them: the place id and its name),
 * typed locations, filters, sorts and deep pages.
 */
export const QUERY_MIX: Record<string, string[]> = {
  // The location box as people type into it (REQ-PERF-02: p95 ≤ 20 ms at one connection with every GB postcode).
  'place suggestions (location box)': [
    'b',
    'ba',
    'bath',
    'brigh',
    'york',
    'newcastle',
    'newcastle upon',
    'man',
    'manchester',
    'reading',
    'read',
    'sw19',
    'sw191a',
    'sw19 1',
    'rg30 6',
    'm14',
    'ba1 1aa',
    'e1',
    'station r',
    'high st',
    'church',
    'london',
    'l',
    'isle of w',
    'westminster',
    'cowper road',
  ].flatMap((q) => [
    `/api/locations?q=${encodeURIComponent(q)}&mode=sale`,
    `/api/locations?q=${encodeURIComponent(q)}&mode=rent`,
  ]),
  'picked town (London, Manchester, Reading)': [
    '/api/properties?location=London&place=town:london&mode=sale',
    '/api/properties?location=Manchester&place=town:manchester&mode=sale',
    '/api/properties?location=Reading&place=town:reading&mode=rent',
  ],
  'picked town + filters': [
    '/api/properties?location=Reading&place=town:reading&mode=sale&type=house&minPrice=200000&maxPrice=500000&bedrooms=3',
    '/api/properties?location=Manchester&place=town:manchester&mode=sale&maxPrice=300000&bedrooms=2&sort=price_asc',
    '/api/properties?location=London&place=town:london&mode=rent&bedrooms=2&bathrooms=1',
  ],
  'picked postcode district (SW19, RG30, M14)': [
    '/api/properties?location=SW19&place=outcode:SW19&mode=sale',
    '/api/properties?location=RG30&place=outcode:RG30&mode=rent',
    '/api/properties?location=M14&place=outcode:M14',
  ],
  'picked local authority (Merton, Isle of Wight, Manchester)': [
    '/api/properties?location=Merton&place=authority:E09000024&mode=sale',
    '/api/properties?location=Isle%20of%20Wight&place=authority:E06000046&mode=rent',
    '/api/properties?location=Manchester&place=authority:E08000003&sort=price_desc',
  ],
  'picked street / typed rare or unknown location': [
    '/api/properties?location=Cowper%20Road%2C%20London&place=street:london%7Ccowper%20road',
    '/api/properties?location=Shanklin',
    '/api/properties?location=Atlantis',
  ],
  'typed location (London, Reading, SW19)': [
    '/api/properties?location=London&mode=sale',
    '/api/properties?location=Reading&mode=rent',
    '/api/properties?location=SW19&mode=sale',
  ],
  'no location (newest feed)': ['/api/properties?mode=sale', '/api/properties?mode=rent&sort=price_desc'],
  'deep pages (page 20 and 50)': [
    '/api/properties?location=London&place=town:london&mode=sale&page=20',
    '/api/properties?location=Reading&place=town:reading&mode=sale&page=50',
    '/api/properties?mode=sale&page=50',
  ],
  // REQ-SEARCH query shapes.
  'map bounds (Reading, Wimbledon, Greater Manchester)': [
    '/api/properties?bounds=51.43,-1.05,51.47,-0.95&mode=sale',
    '/api/properties?bounds=51.40,-0.24,51.44,-0.17',
    '/api/properties?bounds=53.35,-2.40,53.60,-2.00&mode=sale&sort=price_asc',
  ],
  'drawn polygon (Wimbledon, Tilehurst, Manchester)': [
    `/api/properties?polygon=${polygon([
      [51.43, -0.22],
      [51.43, -0.19],
      [51.41, -0.18],
      [51.4, -0.21],
    ])}&mode=sale`,
    `/api/properties?polygon=${polygon([
      [51.47, -1.06],
      [51.47, -1.02],
      [51.45, -1.01],
      [51.44, -1.05],
      [51.455, -1.07],
    ])}`,
    `/api/properties?polygon=${polygon([
      [53.5, -2.28],
      [53.5, -2.2],
      [53.44, -2.18],
      [53.43, -2.27],
    ])}&mode=sale&bedrooms=3`,
  ],
  'radius (M1 3 mi, Reading 5 mi, SW19 1AA 1 mi, Shanklin 10 mi)': [
    '/api/properties?location=M1&place=outcode:M1&radius=3&mode=sale',
    '/api/properties?location=Reading&place=town:reading&radius=5&mode=sale',
    '/api/properties?location=SW19%201AA&place=postcode:SW19%201AA&radius=1&mode=rent',
    '/api/properties?location=Shanklin&place=town:shanklin&radius=10&mode=sale',
  ],
  'keywords (full-text)': [
    '/api/properties?keywords=garden&mode=sale',
    '/api/properties?keywords=parking%20-garage&mode=rent',
    '/api/properties?location=Reading&place=town:reading&keywords=%22chain%20free%22&mode=sale',
  ],
  'freshness, status, must-haves, most reduced': [
    '/api/properties?added=3&mode=sale',
    '/api/properties?added=14&includeUnderOffer=true&mode=sale',
    '/api/properties?mode=rent&includeLetAgreed=true&added=7',
    '/api/properties?mode=sale&filters=reduced&sort=most_reduced',
    '/api/properties?mode=sale&filters=garden,parking&exclude=retirement,shared-ownership,auction',
  ],
  'location autocomplete': [
    '/api/locations?q=rea&mode=sale',
    '/api/locations?q=SW19&mode=sale',
    '/api/locations?q=m1%203&mode=rent',
    '/api/locations?q=new&mode=sale',
  ],
};
