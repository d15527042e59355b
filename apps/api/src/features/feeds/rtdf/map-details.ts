/**
 * RTDF `details` as Abode's listing fields (REQ-FEED-03, docs/feeds.md): the summary and description (HTML made plain
 * text), key features (`features`, at most 10 of at most 100 characters: the rest warned and left out or shortened),
 * room counts, rooms with their sizes in metres, the floor area in m², the search's feature tags (parking, garden,
 * new build) and the material information that RTDF's codes answer (Part B heating and parking, Part C
 * accessibility).
 */
import {
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_KEY_FEATURE_MAX_LENGTH,
  LISTING_KEY_FEATURES_MAX,
  LISTING_ROOM_DESCRIPTION_MAX_LENGTH,
  LISTING_ROOM_DIMENSION_MAX_M,
  LISTING_ROOM_DIMENSION_MIN_M,
  LISTING_ROOM_NAME_MAX_LENGTH,
  LISTING_ROOMS_MAX,
  LISTING_SUMMARY_MAX_LENGTH,
  type ListingFormValues,
} from '@abode/shared/agent/listing-input.schema';
import type { FeatureValue } from '@abode/shared/listings/listing-vocabulary';
import type { MaterialAnswer, MaterialInformation } from '@abode/shared/listings/material-information';
import {
  RTDF_ACCESSIBILITY,
  RTDF_AREA_UNITS,
  RTDF_HEATING,
  RTDF_OUTSIDE_SPACES,
  RTDF_PARKING,
  RTDF_ROOM_DIMENSION_UNITS,
  type RtdfAmenity,
} from '@abode/shared/feeds/rtdf/rtdf-codes';
import { RIGHTMOVE_CODE_ISSUES } from '@abode/shared/feeds/rightmove-codes';
import type { RtdfProperty } from '@abode/shared/feeds/rtdf/rtdf-request.schema';
import { RTDF_ISSUE_CODES } from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import { lookUp, type MapNotes } from './map-price.ts';
import { htmlToText, shorten } from './map-text.ts';

type Fields = Partial<ListingFormValues>;
/** A room as the listing form takes it. */
interface Room {
  name: string;
  lengthM: number | null;
  widthM: number | null;
  description: string;
}

const DETAILS = 'property.details';

/** The amenities of a list of codes, unknown codes warned (and left out). */
function amenities(
  list: Readonly<Record<number, RtdfAmenity>>,
  codes: readonly number[] | undefined,
  field: string,
  notes: MapNotes,
): RtdfAmenity[] {
  return (codes ?? []).flatMap((code, i) => {
    const found = lookUp(list, code, `${field}.${i}`, notes);
    return found ? [found] : [];
  });
}

/**
 * The material answer the amenities give: the first option among them, with every amenity named in the note
 * ('Gas central heating, under floor heating'); none when no code names an option. 'no' yields to 'yes' (any
 * adaptation answers the accessibility question, whatever else is said).
 */
function answerOf(found: RtdfAmenity[]): MaterialAnswer | undefined {
  const options = found.map((a) => a.option).filter((o): o is string => o !== null);
  const value = options.includes('yes') ? 'yes' : options[0];
  if (!value) return undefined;
  const labels = found.map((a, i) => (i === 0 ? a.label : a.label.toLowerCase()));
  return { status: 'answered', value, note: labels.join(', ') };
}

/** Key features: text items, at most 10 (the rest warned), each at most 100 characters (longer ones shortened). */
function keyFeatures(details: RtdfProperty['details'], notes: MapNotes): string[] {
  const items = (details.features ?? [])
    .map((f) => (typeof f === 'string' || typeof f === 'number' ? String(f).trim() : ''))
    .filter(Boolean);
  if (items.length > LISTING_KEY_FEATURES_MAX)
    notes.warnings.push({
      code: RTDF_ISSUE_CODES.tooManyFeatures,
      message: `Abode shows at most ${LISTING_KEY_FEATURES_MAX} key features: ${items.length - LISTING_KEY_FEATURES_MAX} were left out`,
      field: `${DETAILS}.features`,
    });
  return items
    .slice(0, LISTING_KEY_FEATURES_MAX)
    .map((f, i) => shorten(f, LISTING_KEY_FEATURE_MAX_LENGTH, `${DETAILS}.features.${i}`, notes.warnings));
}

/** One room: name, size in metres (rounded to the centimetre), and its line (with the CRM's size text, if no size). */
function room(r: NonNullable<RtdfProperty['details']['rooms']>[number], i: number, notes: MapNotes): Room {
  const field = `${DETAILS}.rooms.${i}`;
  const unit =
    r.room_dimension_unit === undefined
      ? { metres: 1 }
      : lookUp(RTDF_ROOM_DIMENSION_UNITS, r.room_dimension_unit, `${field}.room_dimension_unit`, notes);
  const metres = (size: number | undefined, name: string) => {
    if (size === undefined || !unit) return null;
    const m = Math.round(size * unit.metres * 100) / 100;
    if (m >= LISTING_ROOM_DIMENSION_MIN_M && m <= LISTING_ROOM_DIMENSION_MAX_M) return m;
    notes.warnings.push({
      code: RTDF_ISSUE_CODES.roomSizeDropped,
      message: `A room's ${name} must be from ${LISTING_ROOM_DIMENSION_MIN_M} to ${LISTING_ROOM_DIMENSION_MAX_M} metres: it was left out`,
      field: `${field}.room_${name}`,
    });
    return null;
  };
  const lengthM = metres(r.room_length, 'length');
  const widthM = metres(r.room_width, 'width');
  const sizeText = lengthM === null && widthM === null ? r.room_dimension_text?.trim() : undefined;
  const line = [sizeText, r.room_description ? htmlToText(r.room_description) : undefined]
    .filter(Boolean)
    .join('. ');
  return {
    name: shorten(r.room_name, LISTING_ROOM_NAME_MAX_LENGTH, `${field}.room_name`, notes.warnings),
    lengthM,
    widthM,
    description: shorten(
      line,
      LISTING_ROOM_DESCRIPTION_MAX_LENGTH,
      `${field}.room_description`,
      notes.warnings,
    ),
  };
}

function rooms(details: RtdfProperty['details'], notes: MapNotes): Room[] {
  const sent = details.rooms ?? [];
  if (sent.length > LISTING_ROOMS_MAX)
    notes.warnings.push({
      code: RTDF_ISSUE_CODES.tooManyRooms,
      message: `Abode shows at most ${LISTING_ROOMS_MAX} rooms: ${sent.length - LISTING_ROOMS_MAX} were left out`,
      field: `${DETAILS}.rooms`,
    });
  return sent.slice(0, LISTING_ROOMS_MAX).map((r, i) => room(r, i, notes));
}

/** The internal area in m² (two decimals); none without a known unit. */
function floorArea(details: RtdfProperty['details'], notes: MapNotes): number | null {
  if (details.internal_area === undefined || details.internal_area === 0) return null;
  const field = `${DETAILS}.internal_area_unit`;
  if (details.internal_area_unit === undefined) {
    notes.warnings.push({
      code: RIGHTMOVE_CODE_ISSUES.unknownCode,
      message: 'Give internal_area_unit with internal_area: the floor area was left out',
      field,
    });
    return null;
  }
  const unit = lookUp(RTDF_AREA_UNITS, details.internal_area_unit, field, notes);
  return unit ? Math.round(details.internal_area * unit.squareMetres * 100) / 100 : null;
}

/**
 * The details of `p` as listing fields, and the feature tags they imply (parking, garden, new build: the search's
 * tags; a virtual tour's tag comes with the media).
 */
export function mapDetails(p: RtdfProperty, notes: MapNotes): { fields: Fields; features: FeatureValue[] } {
  const d = p.details;
  const parking = amenities(RTDF_PARKING, d.parking, `${DETAILS}.parking`, notes);
  const outside = amenities(RTDF_OUTSIDE_SPACES, d.outside_space, `${DETAILS}.outside_space`, notes);
  const heating = amenities(RTDF_HEATING, d.heating, `${DETAILS}.heating`, notes);
  const access = amenities(RTDF_ACCESSIBILITY, d.accessibility, `${DETAILS}.accessibility`, notes);
  const features = new Set<FeatureValue>();
  for (const a of [...parking, ...outside]) if (a.feature) features.add(a.feature);
  if (p.new_home) features.add('new-build');
  const materialInformation: MaterialInformation = {};
  const answers = { parking: answerOf(parking), heating: answerOf(heating), accessibility: answerOf(access) };
  for (const [key, answer] of Object.entries(answers))
    if (answer) materialInformation[key as keyof typeof answers] = answer;
  const summary = d.summary ? htmlToText(d.summary) : '';
  const description = d.description ? htmlToText(d.description) : '';
  return {
    fields: {
      summary: shorten(summary, LISTING_SUMMARY_MAX_LENGTH, `${DETAILS}.summary`, notes.warnings) || null,
      description: shorten(
        description,
        LISTING_DESCRIPTION_MAX_LENGTH,
        `${DETAILS}.description`,
        notes.warnings,
      ),
      keyFeatures: keyFeatures(d, notes),
      bedrooms: d.bedrooms ?? 0,
      bathrooms: d.bathrooms ?? 0,
      receptionRooms: d.reception_rooms ?? 0,
      rooms: rooms(d, notes),
      floorAreaSqm: floorArea(d, notes),
      materialInformation,
    },
    features: [...features],
  };
}
