/**
 * Attribution texts the open data licences require wherever the data is shown (shared/data/SOURCES.md). Keep them
 * verbatim: the licences ask for these exact words.
 */
export const DATA_ATTRIBUTIONS = {
  landRegistry:
    'Contains HM Land Registry data © Crown copyright and database right 2025. This data is licensed under the Open Government Licence v3.0.',
  ordnanceSurvey:
    'Contains OS data © Crown copyright and database right 2014. Contains Royal Mail data © Royal Mail copyright and database right 2014. Contains National Statistics data © Crown copyright and database right 2014.',
  ons: 'Source: Office for National Statistics (Valuation Office Agency data), licensed under the Open Government Licence v3.0.',
} as const;

export const PHOTO_NOTE = 'Listing photos are illustrations, not pictures of the actual properties.';

export const OGL_URL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';
