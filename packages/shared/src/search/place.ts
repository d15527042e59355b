/**
 * Places a search can be scoped to (REQ-PLACE), and their stable ids: the `place` field of a search, as Rightmove's
 * `locationIdentifier` is of theirs. An id is made of the place's own key, so it survives re-imports:
 * - `town:<name in lower case>`: listings whose town (`properties.city`) is that name ('town:bath');
 * - `outcode:<OUTCODE>`: listings with that outward code ('outcode:BA1');
 * - `authority:<GSS code>`: listings whose postcode lies in that local authority (a district, London borough,
 *   metropolitan district or unitary authority of OS Code-Point Open's code list: 'authority:E06000022');
 * - `street:<town>|<street>`, both in lower case: that street in that town ('street:bath|milsom street');
 * - `postcode:<POSTCODE>`: a radius around the postcode ('postcode:BA1 1AA'; POSTCODE_RADIUS_MILES by default).
 */
import { z } from 'zod';
import { isUkPostcode, normalisePostcode } from '../postcode.ts';
import { PLACE_KINDS } from './place-kinds.ts';

// The kinds, their labels and the postcode radius live without zod in place-kinds.ts (the home page's first bundle).
export { PLACE_KINDS, PLACE_KIND_LABELS, POSTCODE_RADIUS_MILES, type PlaceKind } from './place-kinds.ts';
export const PlaceKindSchema = z.enum(PLACE_KINDS);

/** Longest place id: a street and its town of up to 100 characters each, and the prefix. */
export const PLACE_ID_MAX_LENGTH = 220;

/** A place id taken apart: its kind and the keys a search compares listings with. */
export type PlaceRef =
  | { kind: 'town'; town: string }
  | { kind: 'outcode'; outcode: string }
  | { kind: 'postcode'; postcode: string }
  | { kind: 'authority'; code: string }
  | { kind: 'street'; town: string; street: string };

const OUTCODE_KEY = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const GSS_CODE = /^[EWS]\d{8}$/;
/** A town or street key: lower case, no separator, no leading or trailing space. */
const NAME_KEY = /^[^|A-Z\s](?:[^|A-Z]*[^|A-Z\s])?$/;

/** The place an id names, or undefined when it is not a well-formed place id. */
export function parsePlaceId(id: string): PlaceRef | undefined {
  const colon = id.indexOf(':');
  if (colon < 0 || id.length > PLACE_ID_MAX_LENGTH) return undefined;
  const kind = id.slice(0, colon);
  const key = id.slice(colon + 1);
  switch (kind) {
    case 'town':
      return NAME_KEY.test(key) ? { kind, town: key } : undefined;
    case 'outcode':
      return OUTCODE_KEY.test(key) ? { kind, outcode: key } : undefined;
    case 'postcode':
      return isUkPostcode(key) && normalisePostcode(key) === key ? { kind, postcode: key } : undefined;
    case 'authority':
      return GSS_CODE.test(key) ? { kind, code: key } : undefined;
    case 'street': {
      const [town, street, ...rest] = key.split('|');
      if (rest.length || !town || !street || !NAME_KEY.test(town) || !NAME_KEY.test(street)) return undefined;
      return { kind, town, street };
    }
    default:
      return undefined;
  }
}

/** The id of a place (the inverse of {@link parsePlaceId}). */
export function placeId(place: PlaceRef): string {
  switch (place.kind) {
    case 'town':
      return `town:${place.town}`;
    case 'outcode':
      return `outcode:${place.outcode}`;
    case 'postcode':
      return `postcode:${place.postcode}`;
    case 'authority':
      return `authority:${place.code}`;
    case 'street':
      return `street:${place.town}|${place.street}`;
  }
}

/** The place facts of a listing that place scoping compares (from `properties`). */
export interface ListingPlaceFacts {
  /** `lower(city)`. */
  townKey: string;
  outcode: string;
  /** `lower(street)`: address line 1 without its house number or name (the generated `street` column). */
  streetKey: string;
  /** The GSS code of the local authority its postcode lies in (`district_code`), when OS data knows the postcode. */
  districtCode: string | null;
}

/**
 * Whether a listing lies in a place that scopes by its facts (town, outcode, authority, street); the SQL twin is
 * `placeCondition` in the API's find-listings.ts. A postcode place is a radius and never matches here.
 */
export function listingInPlace(listing: ListingPlaceFacts, place: PlaceRef): boolean {
  switch (place.kind) {
    case 'town':
      return listing.townKey === place.town;
    case 'outcode':
      return listing.outcode === place.outcode;
    case 'authority':
      return listing.districtCode === place.code;
    case 'street':
      return listing.townKey === place.town && listing.streetKey === place.street;
    case 'postcode':
      return false;
  }
}

/** The `place` field of a search: a well-formed place id (blank means none). */
export const PlaceIdSchema = z
  .string()
  .max(PLACE_ID_MAX_LENGTH)
  .refine((id) => parsePlaceId(id) !== undefined, 'This is not a place we know.');
