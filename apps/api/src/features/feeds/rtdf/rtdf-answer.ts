/**
 * The RTDF answers in Rightmove's shape (rtdf-response.schema.ts): the write path's issues with Abode's field names
 * ('postcode', 'pricePence', 'materialInformation.heating', 'rooms.2.lengthM'…) translated to the request's RTDF
 * paths, each error and warning as `{ *_code, *_description, *_value }` where the description starts with the path
 * and the value is what the request held there, and the timestamps in RTDF's format.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import { formatRtdfTimestamp } from '@abode/shared/feeds/rtdf/rtdf-dates';
import {
  RTDF_ISSUE_CODES,
  type RtdfError,
  type RtdfWarning,
} from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import type { FeedEnv } from '../keys/feed-key-auth.ts';

const PRICE = 'property.price_information';
const DETAILS = 'property.details';

/** Abode's listing fields and where an RTDF request gives each (the first path segment of an issue's field). */
const RTDF_PATHS: Record<string, string> = {
  title: 'property.property_type',
  description: `${DETAILS}.description`,
  summary: `${DETAILS}.summary`,
  pricePence: `${PRICE}.price`,
  priceQualifier: `${PRICE}.price_qualifier`,
  rentFrequency: `${PRICE}.rent_frequency`,
  mode: 'branch.channel',
  status: 'property.status',
  propertyType: 'property.property_type',
  propertySubType: 'property.property_type',
  bedrooms: `${DETAILS}.bedrooms`,
  bathrooms: `${DETAILS}.bathrooms`,
  receptionRooms: `${DETAILS}.reception_rooms`,
  addressLine1: 'property.address.address_2',
  city: 'property.address.town',
  postcode: 'property.address.postcode_1',
  tenure: `${PRICE}.tenure_type`,
  councilTaxBand: `${PRICE}.council_tax_band`,
  floorAreaSqm: `${DETAILS}.internal_area`,
  features: DETAILS,
  flags: `${PRICE}.auction`,
  availableFrom: 'property.date_available',
  furnished: `${DETAILS}.furnished_type`,
  keyFeatures: `${DETAILS}.features`,
  rooms: `${DETAILS}.rooms`,
  leaseYearsRemaining: `${PRICE}.tenure_unexpired_years`,
  groundRentPence: `${PRICE}.annual_ground_rent`,
  groundRentReview: `${PRICE}.ground_rent_review_period_years`,
  serviceChargePence: `${PRICE}.annual_service_charge`,
  depositPence: `${PRICE}.deposit`,
  holdingDepositPence: `${PRICE}.holding_deposit`,
  minimumTermMonths: 'property.minimum_term',
  letType: 'property.let_type',
  billsIncluded: `${DETAILS}.all_bills_inc`,
  petsAllowed: `${DETAILS}.pets_allowed`,
  councilTaxIncluded: `${DETAILS}.council_tax_inc`,
  videoTourUrl: 'property.media',
  virtualTourUrl: 'property.media',
  'materialInformation.heating': `${DETAILS}.heating`,
  'materialInformation.accessibility': `${DETAILS}.accessibility`,
  'materialInformation.parking': `${DETAILS}.parking`,
  agent_ref: 'property.agent_ref',
  branchId: 'branch.branch_id',
};

/** A room's fields by Abode name. */
const ROOM_FIELDS: Record<string, string> = {
  name: 'room_name',
  lengthM: 'room_length',
  widthM: 'room_width',
  description: 'room_description',
};

/**
 * The RTDF path of Abode field `field` ('rooms.2.lengthM' → 'property.details.rooms.2.room_length'); the field as it
 * is when it already is an RTDF path or has no RTDF counterpart (a material information item RTDF has no code for).
 */
export function rtdfPath(field: string | undefined): string | undefined {
  if (!field || /^(property|branch|network)(\.|$)/.test(field)) return field;
  const parts = field.split('.');
  const two = parts.slice(0, 2).join('.');
  if (RTDF_PATHS[two]) return [RTDF_PATHS[two], ...parts.slice(2)].join('.');
  const base = RTDF_PATHS[parts[0]!];
  if (!base) return field;
  if (parts[0] === 'rooms' && parts.length >= 3)
    return [base, parts[1], ROOM_FIELDS[parts[2]!] ?? parts[2], ...parts.slice(3)].join('.');
  return [base, ...parts.slice(1)].join('.');
}

/** The value at dotted `path` of the request body, as text (objects as JSON, cut to 200 characters); null if none. */
export function valueAt(body: unknown, path: string | undefined): string | null {
  if (!path) return null;
  let node: unknown = body;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[key];
  }
  if (node === undefined || node === null) return null;
  return (typeof node === 'string' ? node : JSON.stringify(node)).slice(0, 200);
}

/** An issue's words, led by its RTDF path ('property.address.postcode_1: Enter a full UK postcode…'). */
const describe = (issue: FeedIssue, path: string | undefined) =>
  path ? `${path}: ${issue.message}` : issue.message;

export function rtdfErrors(issues: readonly FeedIssue[], body: unknown): RtdfError[] {
  return issues.map((issue) => {
    const path = rtdfPath(issue.field);
    return {
      error_code: issue.code,
      error_description: describe(issue, path),
      error_value: valueAt(body, path),
    };
  });
}

export function rtdfWarnings(issues: readonly FeedIssue[], body: unknown): RtdfWarning[] {
  return issues.map((issue) => {
    const path = rtdfPath(issue.field);
    return {
      warning_code: issue.code,
      warning_description: describe(issue, path),
      warning_value: valueAt(body, path),
    };
  });
}

/** The fields every RTDF answer starts with: the request's id and times, the outcome and its message. */
export function answerHead(c: Context<FeedEnv>, requestedAt: Date, success: boolean, message: string) {
  return {
    request_id: c.var.requestId,
    message,
    success,
    request_timestamp: formatRtdfTimestamp(requestedAt),
    response_timestamp: formatRtdfTimestamp(c.var.now()),
  };
}

/**
 * A request that does not match the RTDF schema as errors: MISSING_FIELD for what is absent, INVALID_FIELD for a
 * wrong type or value, each with its path and value, in words of our own (never zod's).
 */
export function schemaIssues(error: z.ZodError, body: unknown): FeedIssue[] {
  const seen = new Set<string>();
  return error.issues.flatMap((issue) => {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) return [];
    seen.add(field);
    const missing = valueAt(body, field) === null && issue.code === 'invalid_type';
    const expected = issue.code === 'invalid_type' ? ` (expected ${issue.expected})` : '';
    return [
      missing
        ? { code: RTDF_ISSUE_CODES.missingField, message: 'This field is required', field }
        : { code: RTDF_ISSUE_CODES.invalidField, message: `This value is not valid here${expected}`, field },
    ];
  });
}
