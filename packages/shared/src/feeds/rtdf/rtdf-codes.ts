/**
 * Code lists that only Rightmove's real-time feed (RTDF v1) uses, each mapped explicitly to Abode's vocabulary
 * (REQ-FEED-03, docs/feeds.md). Codes and names are those of Rightmove's RTDF v1 JSON schemas; the lists both feeds
 * share (property types, price qualifiers, tenures) are in ../rightmove-codes.ts. Look codes up with `mapCode`
 * from there: a code missing from a list is a warning, never a crash.
 */
import type {
  FeatureValue,
  FurnishingValue,
  LetTypeValue,
  ListingStatusValue,
} from '../../listings/listing-vocabulary.ts';
import type { FeedMediaKindValue } from '../feed-media.schema.ts';

/** `branch.channel`: the branch's sales or lettings side, which sets the listing's mode. */
export const RTDF_CHANNELS: Record<number, 'sale' | 'rent'> = { 1: 'sale', 2: 'rent' };

/**
 * `property.status` by the listing's mode. Sold STC with missives concluded (3, Scotland) is Sold STC; 'Reserved'
 * (5, new homes) is under offer; an offer accepted on a rental (4, 5) is let agreed. A status of the other mode
 * (SSTC on a rental, let agreed on a sale) maps to Abode's own, which the listing rules refuse with their message.
 * There is no 'withdrawn' status in RTDF: `published: false` or removeproperty withdraws a listing.
 */
export const RTDF_STATUSES: Record<
  number,
  { label: string; sale: ListingStatusValue; rent: ListingStatusValue }
> = {
  1: { label: 'Available', sale: 'active', rent: 'active' },
  2: { label: 'SSTC', sale: 'sold', rent: 'sold' },
  3: { label: 'SSTCM (Scotland)', sale: 'sold', rent: 'sold' },
  4: { label: 'Under offer', sale: 'under-offer', rent: 'let-agreed' },
  5: { label: 'Reserved', sale: 'under-offer', rent: 'let-agreed' },
  6: { label: 'Let agreed', sale: 'let-agreed', rent: 'let-agreed' },
};

/**
 * `price_information.rent_frequency`: how the CRM quotes the rent. Monthly and weekly rents keep their frequency
 * (Abode stores a weekly rent beside its pcm figure); yearly, quarterly and daily rents are converted to pcm with
 * `perMonth` (the factor from the quoted figure to a calendar month: 52 weeks or 365 days a year), with a warning.
 */
export const RTDF_RENT_FREQUENCIES: Record<
  number,
  { label: string; frequency: 'pcm' | 'pw'; perMonth: number }
> = {
  1: { label: 'Yearly', frequency: 'pcm', perMonth: 1 / 12 },
  4: { label: 'Quarterly', frequency: 'pcm', perMonth: 1 / 3 },
  12: { label: 'Monthly', frequency: 'pcm', perMonth: 1 },
  52: { label: 'Weekly', frequency: 'pw', perMonth: 1 },
  365: { label: 'Daily', frequency: 'pcm', perMonth: 365 / 12 },
};

/** `property.let_type`; 0 'Not specified' is none. `student_property: true` makes a let without a type 'student'. */
export const RTDF_LET_TYPES: Record<number, LetTypeValue | null> = {
  0: null,
  1: 'long-term',
  2: 'short-term',
  4: 'commercial',
};

/** `details.furnished_type`; 4 'Furnished or unfurnished' (the landlord will do either) is left blank. */
export const RTDF_FURNISHED_TYPES: Record<number, FurnishingValue | null> = {
  0: 'furnished',
  1: 'part_furnished',
  2: 'unfurnished',
  4: null,
};

/** An RTDF amenity code: its label, and what it gives a listing (the search's feature tag, a material answer). */
export interface RtdfAmenity {
  label: string;
  /** The feature tag it sets ('parking', 'garden'), if any. */
  feature: FeatureValue | null;
  /** The option of the material information item it answers (material-information.ts), if one fits. */
  option: string | null;
}

const amenity = (label: string, feature: FeatureValue | null, option: string | null = null): RtdfAmenity => ({
  label,
  feature,
  option,
});

/**
 * `details.parking`: each code sets the 'parking' tag, except on-street and permit parking (a space in the street is
 * not parking that comes with the home); it also answers Part B 'Parking' with the option that fits.
 */
export const RTDF_PARKING: Record<number, RtdfAmenity> = {
  13: amenity('Allocated', 'parking', 'allocated'),
  14: amenity('Communal', 'parking', 'communal'),
  15: amenity('Covered', 'parking'),
  16: amenity('Garage', 'parking', 'garage'),
  17: amenity('Driveway', 'parking', 'driveway'),
  18: amenity('Gated', 'parking'),
  19: amenity('Off street', 'parking'),
  20: amenity('On street', null, 'on-street'),
  21: amenity('Rear', 'parking'),
  22: amenity('Permit', null, 'permit'),
  23: amenity('Private', 'parking'),
  24: amenity('Residents', 'parking', 'permit'),
};

/** `details.outside_space`: gardens set the 'garden' tag; a terrace or patio alone does not. */
export const RTDF_OUTSIDE_SPACES: Record<number, RtdfAmenity> = {
  29: amenity('Back garden', 'garden'),
  30: amenity('Communal garden', 'garden'),
  31: amenity('Enclosed garden', 'garden'),
  32: amenity('Front garden', 'garden'),
  33: amenity('Private garden', 'garden'),
  34: amenity('Rear garden', 'garden'),
  35: amenity('Terrace', null),
  36: amenity('Patio', null),
};

/**
 * `details.heating` → Part B 'Heating'. Codes naming the fuel answer it (night storage heaters are electric); the
 * others (air conditioning, double glazing, under floor…) say nothing of the fuel and only join the answer's note.
 */
export const RTDF_HEATING: Record<number, RtdfAmenity> = {
  1: amenity('Air conditioning', null),
  2: amenity('Central heating', null),
  3: amenity('Double glazing', null),
  4: amenity('Eco-friendly', null),
  5: amenity('Electric heating', null, 'electric'),
  6: amenity('Gas heating', null),
  7: amenity('Gas central heating', null, 'gas-central'),
  8: amenity('Night storage heaters', null, 'electric'),
  9: amenity('Oil heating', null, 'oil'),
  10: amenity('Solar', null),
  11: amenity('Solar water heating', null),
  12: amenity('Under floor heating', null),
};

/**
 * `details.accessibility` → Part C 'Accessibility adaptations': any adaptation answers 'yes' (named in the note);
 * 42 'Not suitable for wheelchair users' alone answers 'no'.
 */
export const RTDF_ACCESSIBILITY: Record<number, RtdfAmenity> = {
  37: amenity('Level access', null, 'yes'),
  38: amenity('Lift access', null, 'yes'),
  39: amenity('Ramped access', null, 'yes'),
  40: amenity('Wet room', null, 'yes'),
  41: amenity('Wide doorways', null, 'yes'),
  42: amenity('Not suitable for wheelchair users', null, 'no'),
};

/** Where a media item goes: a file fetched into the listing (photo, floor plan, EPC, brochure) or a tour link. */
export type RtdfMediaTarget = { file: FeedMediaKindValue } | { tour: true } | { unsupported: true };

/**
 * `media[].media_type`. EPC certificates and EPC graphs both become the listing's EPC files; a virtual tour is a
 * link (YouTube and Vimeo as the video tour, anything else as the virtual tour); audio tours are not supported.
 */
export const RTDF_MEDIA_TYPES: Record<number, { label: string; target: RtdfMediaTarget }> = {
  1: { label: 'Image', target: { file: 'photo' } },
  2: { label: 'Floor plan', target: { file: 'floor-plan' } },
  3: { label: 'Brochure', target: { file: 'brochure' } },
  4: { label: 'Virtual tour', target: { tour: true } },
  5: { label: 'Audio tour', target: { unsupported: true } },
  6: { label: 'EPC', target: { file: 'epc' } },
  7: { label: 'EPC graph', target: { file: 'epc' } },
};

/** `rooms[].room_dimension_unit`: metres in one unit (Abode keeps rooms in metres). */
export const RTDF_ROOM_DIMENSION_UNITS: Record<number, { label: string; metres: number }> = {
  5: { label: 'Metres', metres: 1 },
  6: { label: 'Centimetres', metres: 0.01 },
  7: { label: 'Millimetres', metres: 0.001 },
  8: { label: 'Feet', metres: 0.3048 },
  9: { label: 'Inches', metres: 0.0254 },
};

/** `details.internal_area_unit`: square metres in one unit (Abode keeps the floor area in m²). */
export const RTDF_AREA_UNITS: Record<number, { label: string; squareMetres: number }> = {
  1: { label: 'Square feet', squareMetres: 0.09290304 },
  2: { label: 'Square metres', squareMetres: 1 },
  3: { label: 'Acres', squareMetres: 4046.8564224 },
  4: { label: 'Hectares', squareMetres: 10_000 },
};

/** removeproperty's `removal_reason`: recorded in the log; every reason withdraws the listing alike. */
export const RTDF_REMOVAL_REASONS: Record<number, string> = {
  7: 'Sold by us',
  8: 'Sold by another agent',
  9: 'Withdrawn from market',
  10: 'Lost instruction',
  11: 'Removed',
  12: 'Let by us',
};
