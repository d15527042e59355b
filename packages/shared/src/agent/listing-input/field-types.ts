/**
 * The field types the listing form and API share: blank-as-absent choices, pence, whole numbers, yes/no, dates,
 * sanitised text, tour links and a room as entered.
 */
import { z } from 'zod';
import { parseTourUrl, TOUR_URL_MAX_LENGTH } from '../../listings/tours.ts';
import { isDayInRange } from '../../calendar-day.ts';
import { sanitisedText } from '../../sanitise.ts';
import {
  LISTING_PRICE_MAX_PENCE,
  LISTING_COUNT_MAX,
  LISTING_ROOM_NAME_MAX_LENGTH,
  LISTING_ROOM_DESCRIPTION_MAX_LENGTH,
  LISTING_ROOM_DIMENSION_MIN_M,
  LISTING_ROOM_DIMENSION_MAX_M,
} from './limits.ts';
import { LISTING_MESSAGES } from './messages.ts';

/** Blank form values ('' or NaN from an empty number input) count as absent. */
export const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v;

/**
 * Sanitised text (sanitise.ts, REQ-SEC-01 / REQ-SEC-06): script-like content rejected on the raw input, then `<`/`>`,
 * control characters and bidirectional controls stripped, NFC, trimmed; over-long text is refused with the field's
 * own message, not cut. The description keeps its newlines; every other text is one line (`singleLine`: line breaks
 * and tabs fold into one space), so a title cannot break a card, a CSV row or an e-mail subject (REQ-SEC).
 */
export const text = (required: string | undefined, max: number, tooLong: string, singleLine = true) =>
  sanitisedText(max, { required, tooLong, scriptLike: LISTING_MESSAGES.invalidContent, singleLine });

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not) in the range of calendar-day.ts (1900–2100). */
export const listingDate = z.iso
  .date({ error: LISTING_MESSAGES.dateInvalid, abort: true })
  .refine(isDayInRange, LISTING_MESSAGES.dateOutOfRange);

/** A count of rooms or spaces: a whole number from 0 to LISTING_COUNT_MAX; blank means 0. */
export const count = z.preprocess(
  blankToUndefined,
  z
    .number({ error: LISTING_MESSAGES.countInvalid })
    .int(LISTING_MESSAGES.countInvalid)
    .min(0, LISTING_MESSAGES.countInvalid)
    .max(LISTING_COUNT_MAX, LISTING_MESSAGES.countInvalid)
    .default(0),
);

/** An optional choice: '' or null means none. */
export const optionalChoice = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.nullable().default(null));

/** An optional amount in integer pence (0 allowed: 'none'); blank means not given. */
export const optionalPence = z.preprocess(
  blankToUndefined,
  z
    .number({ error: LISTING_MESSAGES.amountInvalid })
    .int(LISTING_MESSAGES.amountInvalid)
    .min(0, LISTING_MESSAGES.amountInvalid)
    .max(LISTING_PRICE_MAX_PENCE, LISTING_MESSAGES.priceTooHigh)
    .nullable()
    .default(null),
);

/** An optional whole number in [min, max] with one message. */
export const optionalWhole = (min: number, max: number, message: string) =>
  z.preprocess(
    blankToUndefined,
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().default(null),
  );

/** An optional yes/no: true/false, or the form's 'yes'/'no'; blank means not said. */
export const optionalYesNo = z.preprocess(
  (v) => (v === 'yes' ? true : v === 'no' ? false : blankToUndefined(v)),
  z.boolean({ error: LISTING_MESSAGES.choose }).nullable().default(null),
);

/** A room's length or width in metres, rounded to the centimetre; blank means not measured. */
const roomDimension = z.preprocess(
  blankToUndefined,
  z
    .number({ error: LISTING_MESSAGES.dimensionInvalid })
    .min(LISTING_ROOM_DIMENSION_MIN_M, LISTING_MESSAGES.dimensionInvalid)
    .max(LISTING_ROOM_DIMENSION_MAX_M, LISTING_MESSAGES.dimensionInvalid)
    .transform((m) => Math.round(m * 100) / 100)
    .nullable()
    .default(null),
);

/** Whether a form value is blank: null, undefined, whitespace or NaN. */
export const isBlank = (v: unknown) =>
  v == null || (typeof v === 'string' && v.trim() === '') || Number.isNaN(v);

/** One room as entered: a name, optional length and width in metres, an optional line. */
export const RoomInputSchema = z.object({
  name: text(
    LISTING_MESSAGES.roomNameRequired,
    LISTING_ROOM_NAME_MAX_LENGTH,
    LISTING_MESSAGES.roomNameTooLong,
  ),
  lengthM: roomDimension,
  widthM: roomDimension,
  description: z.preprocess(
    (v) => v ?? '',
    text(undefined, LISTING_ROOM_DESCRIPTION_MAX_LENGTH, LISTING_MESSAGES.roomDescriptionTooLong),
  ),
});

/** A tour link: an https URL (normalised), at most TOUR_URL_MAX_LENGTH characters; blank means none. */
export const tourUrl = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(TOUR_URL_MAX_LENGTH, LISTING_MESSAGES.tourUrlTooLong)
    .refine((v) => parseTourUrl(v) !== undefined, LISTING_MESSAGES.tourUrlInvalid)
    .transform((v) => parseTourUrl(v)!.href)
    .refine((v) => v.length <= TOUR_URL_MAX_LENGTH, LISTING_MESSAGES.tourUrlTooLong)
    .nullable()
    .default(null),
);
