/**
 * The requests of Abode's Rightmove-compatible real-time feed (RTDF v1, REQ-FEED-03): `sendpropertydetails`,
 * `removeproperty` and `getbranchpropertylist`, with the field names and groups of Rightmove's published JSON
 * schemas. Lenient where a CRM would be surprised: unknown fields pass through, numbers and booleans sent as strings
 * are read ("3", "true"), codes are any integer (an unknown code is a warning when the listing is mapped, never a
 * refusal here), and text limits are Abode's, checked when the listing is saved. Strict on what Abode needs: the
 * branch and channel, `agent_ref`, `published`, the property type, the address with its postcode, and a price.
 *
 * Abode also reads fields the published v1 schema lacks, which UK material information (Part A) needs before a
 * listing goes live; all optional, in `price_information`: `council_tax_band` ('A'–'H'), `council_tax_exempt`,
 * `annual_ground_rent`, `ground_rent_review_period_years`, `ground_rent_percentage_increase`,
 * `annual_service_charge` (whole pounds a year), `holding_deposit` (whole pounds) and `shared_ownership`
 * (docs/feeds.md).
 */
import { z } from 'zod';

const blank = (v: unknown) => v === '' || v === null;

/** A number, or its digits as text; blank or null is absent. */
const lenientNumber = z.preprocess(
  (v) =>
    blank(v)
      ? undefined
      : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))
        ? Number(v)
        : v,
  z.number().finite(),
);
const lenientInt = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z.number().int(),
);
/** true/false, or "true"/"false", "1"/"0", 1/0, "yes"/"no"; blank or null is absent. */
const lenientBoolean = z.preprocess((v) => {
  if (blank(v)) return undefined;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (['true', '1', 'yes', 'y'].includes(t)) return true;
    if (['false', '0', 'no', 'n'].includes(t)) return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean());
/** Text; a number sent where text belongs is read as its digits; blank or null is absent. */
const lenientText = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'number' ? String(v) : v),
  z.string(),
);
const requiredText = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1));
/** The CRM's reference: 1–80 characters, without markup or control characters (it is stored as sent). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const AGENT_REF = /^[^<>\u0000-\u001f\u007f]+$/;
const agentRef = requiredText.pipe(z.string().max(80).regex(AGENT_REF));
/** A code list field: one integer (the mapping checks it against the list). */
const code = lenientInt;
/** A list of codes; one code sent alone is read as a list of one, nulls are dropped. */
const codes = z.preprocess(
  (v) => (blank(v) ? undefined : Array.isArray(v) ? v.filter((x) => x !== null && x !== '') : [v]),
  z.array(lenientInt),
);

/** An optional field: absent, null or '' all read as absent. */
const opt = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** `network`: the CRM's Rightmove network id, accepted and recorded (Abode needs none). */
export const RtdfNetworkSchema = z.looseObject({ network_id: opt(lenientInt) });

/** `branch`: the branch's feed id (Settings › Listing feeds) and its channel, 1 sales or 2 lettings. */
export const RtdfBranchSchema = z.looseObject({
  // A feed id is a PostgreSQL integer: a larger number names no branch (and must not reach the query).
  branch_id: lenientInt.pipe(z.number().positive().max(2_147_483_647)),
  channel: code,
  overseas: opt(lenientBoolean),
});

/** `branch` of getbranchpropertylist: the channel is optional (both when absent). */
export const RtdfBranchListSchema = RtdfBranchSchema.extend({ channel: opt(code) });

export const RtdfAddressSchema = z.looseObject({
  house_name_number: requiredText,
  address_2: opt(lenientText),
  address_3: opt(lenientText),
  address_4: opt(lenientText),
  town: requiredText,
  postcode_1: requiredText,
  postcode_2: requiredText,
  display_address: opt(lenientText),
  latitude: opt(lenientNumber),
  longitude: opt(lenientNumber),
});

/** `price_information`: amounts in whole pounds (`price` per `rent_frequency` for a rental). */
export const RtdfPriceInformationSchema = z.looseObject({
  price: lenientNumber.pipe(z.number().nonnegative()),
  price_qualifier: opt(code),
  deposit: opt(lenientNumber),
  administration_fee: opt(lenientText),
  rent_frequency: opt(code),
  tenure_type: opt(code),
  auction: opt(lenientBoolean),
  tenure_unexpired_years: opt(lenientInt),
  price_per_unit_area: opt(lenientNumber),
  // Abode's material information fields (see the file comment).
  council_tax_band: opt(lenientText),
  council_tax_exempt: opt(lenientBoolean),
  annual_ground_rent: opt(lenientNumber),
  ground_rent_review_period_years: opt(lenientInt),
  ground_rent_percentage_increase: opt(lenientNumber),
  annual_service_charge: opt(lenientNumber),
  holding_deposit: opt(lenientNumber),
  shared_ownership: opt(lenientBoolean),
});

/** One room: its name, size (in `room_dimension_unit`) and a line about it. */
export const RtdfRoomSchema = z.looseObject({
  room_name: requiredText,
  room_description: opt(lenientText),
  room_length: opt(lenientNumber),
  room_width: opt(lenientNumber),
  room_dimension_unit: opt(code),
  room_dimension_text: opt(lenientText),
});

export const RtdfDetailsSchema = z.looseObject({
  summary: opt(lenientText),
  description: opt(lenientText),
  features: opt(z.preprocess((v) => (blank(v) ? undefined : v), z.array(z.unknown()))),
  bedrooms: opt(lenientInt),
  bathrooms: opt(lenientInt),
  reception_rooms: opt(lenientInt),
  parking: opt(codes),
  outside_space: opt(codes),
  internal_area: opt(lenientNumber),
  internal_area_unit: opt(code),
  accessibility: opt(codes),
  heating: opt(codes),
  furnished_type: opt(code),
  pets_allowed: opt(lenientBoolean),
  all_bills_inc: opt(lenientBoolean),
  council_tax_inc: opt(lenientBoolean),
  rooms: opt(
    z.preprocess((v) => (Array.isArray(v) ? v.filter((r) => r !== null) : v), z.array(RtdfRoomSchema)),
  ),
});

/** One media item: its type code, its URL (fetched by Abode) and its date (a new date fetches it again). */
export const RtdfMediaSchema = z.looseObject({
  media_type: code,
  media_url: requiredText,
  caption: opt(lenientText),
  sort_order: opt(lenientInt),
  media_update_date: opt(lenientText),
});

export const RtdfPropertySchema = z.looseObject({
  agent_ref: agentRef,
  published: lenientBoolean,
  property_type: code,
  status: opt(code),
  new_home: opt(lenientBoolean),
  student_property: opt(lenientBoolean),
  house_flat_share: opt(lenientBoolean),
  create_date: opt(lenientText),
  update_date: opt(lenientText),
  date_available: opt(lenientText),
  contract_months: opt(lenientInt),
  minimum_term: opt(lenientInt),
  let_type: opt(code),
  address: RtdfAddressSchema,
  price_information: RtdfPriceInformationSchema,
  details: z.preprocess((v) => v ?? {}, RtdfDetailsSchema),
  media: opt(
    z.preprocess((v) => (Array.isArray(v) ? v.filter((m) => m !== null) : v), z.array(RtdfMediaSchema)),
  ),
});

/** `POST /api/rtdf/v1/property/sendpropertydetails`: create or update one listing. */
export const SendPropertyDetailsRequestSchema = z.looseObject({
  network: opt(RtdfNetworkSchema),
  branch: RtdfBranchSchema,
  property: RtdfPropertySchema,
});
export type SendPropertyDetailsRequest = z.output<typeof SendPropertyDetailsRequestSchema>;
export type RtdfProperty = SendPropertyDetailsRequest['property'];

/** `POST /api/rtdf/v1/property/removeproperty`: withdraw one listing (its reason and date are recorded). */
export const RemovePropertyRequestSchema = z.looseObject({
  network: opt(RtdfNetworkSchema),
  branch: RtdfBranchSchema,
  property: z.looseObject({
    agent_ref: agentRef,
    removal_reason: opt(code),
    transaction_date: opt(lenientText),
  }),
});
export type RemovePropertyRequest = z.output<typeof RemovePropertyRequestSchema>;

/** `POST /api/rtdf/v1/property/getbranchpropertylist`: the branch's listings (of one channel, when given). */
export const GetBranchPropertyListRequestSchema = z.looseObject({
  network: opt(RtdfNetworkSchema),
  branch: RtdfBranchListSchema,
});
export type GetBranchPropertyListRequest = z.output<typeof GetBranchPropertyListRequestSchema>;
