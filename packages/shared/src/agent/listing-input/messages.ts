/**
 * The texts of the agent listing rules and refusals that REQ-MSG does not word.
 */
import { MATERIAL_NOTE_MAX_LENGTH } from '../../listings/material-information.ts';
import { TOUR_URL_MAX_LENGTH } from '../../listings/tours.ts';
import { CALENDAR_DAY_MAX, CALENDAR_DAY_MIN } from '../../calendar-day.ts';
import {
  LISTING_TITLE_MAX_LENGTH,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_ADDRESS_MAX_LENGTH,
  LISTING_CITY_MAX_LENGTH,
  LISTING_COUNT_MAX,
  LISTING_KEY_FEATURES_MAX,
  LISTING_KEY_FEATURE_MAX_LENGTH,
  LISTING_SUMMARY_MAX_LENGTH,
  LISTING_ROOMS_MAX,
  LISTING_ROOM_NAME_MAX_LENGTH,
  LISTING_ROOM_DESCRIPTION_MAX_LENGTH,
  LISTING_ROOM_DIMENSION_MIN_M,
  LISTING_ROOM_DIMENSION_MAX_M,
  LISTING_LEASE_YEARS_MAX,
  LISTING_GROUND_RENT_REVIEW_MAX_LENGTH,
  LISTING_MINIMUM_TERM_MAX_MONTHS,
} from './limits.ts';

/** Texts of this feature that REQ-MSG does not word (the SPEC ones are in MESSAGES). */
export const LISTING_MESSAGES = {
  notFound: 'Property not found',
  /** ADR 029: a branch id that is not one of the member's branches. */
  branchUnknown: "Choose one of your agency's branches",
  /** ADR 029: a negotiator who is not a member working in the listing's branch. */
  negotiatorUnknown: 'Choose someone who works in this branch',
  /** ADR 029: an agency an admin has not verified may prepare listings but not publish them. */
  agencyNotVerified:
    'Your agency must be verified before its listings can be published. Add your redress scheme in Settings › Agency.',
  /** ADR 029: a suspended agency publishes nothing. */
  agencySuspended: 'Your agency is suspended, so its listings cannot be published.',
  created: 'Property created',
  updated: 'Property updated',
  titleRequired: 'Enter a title',
  titleTooLong: `Title should be at most ${LISTING_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `Description should be at most ${LISTING_DESCRIPTION_MAX_LENGTH} characters`,
  invalidContent: 'Remove script-like content (such as <script> or javascript:) from this field',
  addressRequired: 'Enter address line 1',
  addressTooLong: `Address line 1 should be at most ${LISTING_ADDRESS_MAX_LENGTH} characters`,
  cityRequired: 'Enter the town',
  cityTooLong: `Town should be at most ${LISTING_CITY_MAX_LENGTH} characters`,
  postcodeRequired: 'Enter the postcode',
  postcodeInvalid: 'Enter a full UK postcode, e.g. SW19 1AA',
  postcodeUnknown: 'We could not find this postcode',
  priceRequired: 'Enter the price in whole pounds',
  priceTooHigh: 'Price should be at most £21,474,836',
  countInvalid: `Enter a whole number from 0 to ${LISTING_COUNT_MAX}`,
  floorAreaInvalid: 'Enter the floor area in square metres, above 0',
  dateInvalid: 'Enter a date',
  dateOutOfRange: `Enter a date between ${CALENDAR_DAY_MIN.slice(0, 4)} and ${CALENDAR_DAY_MAX.slice(0, 4)}`,
  choose: 'Choose an option',
  saleStatusForRent: 'Under offer and Sold STC are for sale listings; use Let agreed or Let for a rental',
  rentStatusForSale: 'Let agreed and Let are for rentals; use Under offer or Sold STC for a sale listing',
  saleFlagForRent:
    'Shared ownership and auction are for sale listings; a rental can only be a retirement home',
  askingPriceRequired: 'An asking price is required before the listing can go live',
  rentRequired: 'A monthly rent is required before the listing can go live',
  tenureRequired: 'Tenure is required before the listing can go live',
  councilTaxBandRequired: 'Council tax band is required before the listing can go live',
  qualifierForSale: 'This price qualifier is for sale listings; a rent can be From or POA',
  subTypeForType: 'Choose a style that fits the property type',
  weeklyRentTooHigh: 'Weekly rent should be at most £4,955,777',
  keyFeatureTooLong: `Key features should be at most ${LISTING_KEY_FEATURE_MAX_LENGTH} characters each`,
  keyFeaturesTooMany: `Add at most ${LISTING_KEY_FEATURES_MAX} key features`,
  summaryTooLong: `Summary should be at most ${LISTING_SUMMARY_MAX_LENGTH} characters`,
  roomNameRequired: 'Enter the room’s name',
  roomNameTooLong: `Room names should be at most ${LISTING_ROOM_NAME_MAX_LENGTH} characters`,
  roomDescriptionTooLong: `Room descriptions should be at most ${LISTING_ROOM_DESCRIPTION_MAX_LENGTH} characters`,
  roomsTooMany: `Add at most ${LISTING_ROOMS_MAX} rooms`,
  dimensionInvalid: `Enter metres from ${LISTING_ROOM_DIMENSION_MIN_M} to ${LISTING_ROOM_DIMENSION_MAX_M}, e.g. 3.65`,
  leaseYearsInvalid: `Enter the years left on the lease, from 0 to ${LISTING_LEASE_YEARS_MAX}`,
  amountInvalid: 'Enter an amount in whole pounds (0 if none)',
  reviewTooLong: `Ground rent review should be at most ${LISTING_GROUND_RENT_REVIEW_MAX_LENGTH} characters`,
  minimumTermInvalid: `Enter the minimum term in months, from 1 to ${LISTING_MINIMUM_TERM_MAX_MONTHS}`,
  leaseYearsRequired: 'Lease years remaining are required before a leasehold listing can go live',
  groundRentRequired:
    'Ground rent is required before a leasehold listing can go live (enter 0 if there is none)',
  groundRentReviewRequired: 'Say how the ground rent is reviewed before the listing can go live',
  serviceChargeRequired:
    'Service charge is required before a leasehold listing can go live (enter 0 if there is none)',
  depositRequired: 'A deposit is required before the listing can go live',
  holdingDepositRequired:
    'A holding deposit is required before the listing can go live (enter 0 if none is taken)',
  minimumTermRequired: 'A minimum term is required before the listing can go live',
  tourUrlInvalid: 'Enter a full link starting https://, e.g. https://www.youtube.com/watch?v=…',
  tourUrlTooLong: `Links should be at most ${TOUR_URL_MAX_LENGTH} characters`,
  materialAnswerRequired: 'Choose an answer, or mark it Ask agent or Not applicable',
  materialNoteTooLong: `Notes should be at most ${MATERIAL_NOTE_MAX_LENGTH} characters`,
  /** REQ-LISTING-06: a listing becomes active (published) only with at least one photo. */
  photoRequired: 'Add at least one photo before publishing',
  /** REQ-AGENT-09: deleting the last photo of an active listing would leave it live without one. */
  lastPhotoOfActive:
    'An active listing needs at least one photo: add another photo first, or set the listing to draft',
} as const;
