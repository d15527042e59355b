/**
 * Enquiries (REQ-ENQ-03): the Contact Agent form's data (REQ-ENQ-02 sanitising, both from
 * sanitise.ts) and the API's answer. The SPA's enquiry form and `POST /api/enquiries` parse with the same
 * {@link CreateEnquirySchema}, so a rule changed here changes in both places.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import {
  containsScript,
  phoneProblem,
  sanitiseEmail,
  sanitisePhone,
  sanitiseSingleLine,
  sanitiseText,
} from '../sanitise.ts';
import { isCalendarDay } from '../calendar-day.ts';
import {
  VIEWING_DAYS_AHEAD,
  VIEWING_PERIODS,
  VIEWING_TIMES_MAX,
  viewingDayRange,
  type ViewingTime,
} from './viewing-times.ts';

export {
  VIEWING_DAYS_AHEAD,
  VIEWING_PERIOD_LABELS,
  VIEWING_PERIODS,
  VIEWING_TIMES_MAX,
  formatViewingTime,
  viewingDayRange,
  type ViewingPeriod,
  type ViewingTime,
} from './viewing-times.ts';

/** Contact names are cut to this length, like every name (REQ-AUTH-02, REQ-AUTH-01). */
export const ENQUIRY_NAME_MAX_LENGTH = 50;
/** Longest enquiry message we accept (REQ-ENQ-03). */
export const ENQUIRY_MESSAGE_MAX_LENGTH = 2000;

/** Texts of this feature that REQ-MSG does not word (the SPEC ones are in MESSAGES). */
export const ENQUIRY_MESSAGES = {
  messageTooLong: `Message should be at most ${ENQUIRY_MESSAGE_MAX_LENGTH} characters`,
  tooManyEnquiries: 'Too many enquiries. Please try again later.',
  sent: 'Your enquiry has been sent',
  /** 400 detail of a malformed Idempotency-Key header (REQ-ENQ-04). */
  idempotencyKeyInvalid: 'Idempotency-Key must be 8 to 128 printable ASCII characters',
  /** 409: the key was already used for an enquiry with other details (the SPA then sends with a new key). */
  idempotencyKeyReused: 'This enquiry was already sent with different details. Please try again.',
  /** A preferred viewing day outside tomorrow to 60 days ahead (or not a day at all). */
  viewingDateOutOfRange: `Choose a viewing date from tomorrow up to ${VIEWING_DAYS_AHEAD} days ahead`,
  viewingPeriodInvalid: 'Choose morning, afternoon or evening',
  tooManyViewingTimes: `Choose up to ${VIEWING_TIMES_MAX} viewing times`,
  buyerPositionInvalid: 'Choose your position from the list',
  /**
   * 404 (REQ-SITE-02): the listing's agent is suspended, so their listings are withdrawn and take no enquiries. Said
   * only when the listing would otherwise be public (a draft or deleted listing stays 'no longer available').
   */
  agentUnavailable: 'This agent is not taking enquiries at the moment. Please try again later.',
} as const;

/**
 * Request header of `POST /api/enquiries` (REQ-ENQ-03): a retry carrying the same key gets the first answer again
 * (header `Idempotent-Replayed: true`) instead of making a second enquiry. Keys are kept 24 hours.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Answer header set on a replayed answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** An Idempotency-Key value: 8 to 128 printable ASCII characters (the SPA sends a random UUID). */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7e]{8,128}$/, ENQUIRY_MESSAGES.idempotencyKeyInvalid);

/**
 * Where a buyer stands, as UK portals ask on the enquiry form (ADR 029): an applicant ticks any that apply, so the
 * branch can tell a chain-free cash buyer from someone who must sell first.
 */
export const BUYER_POSITIONS = [
  'first-time-buyer',
  'selling',
  'sold-stc',
  'mortgage-agreed-in-principle',
  'cash-buyer',
] as const;
export type BuyerPosition = (typeof BUYER_POSITIONS)[number];
export const BUYER_POSITION_LABELS: Record<BuyerPosition, string> = {
  'first-time-buyer': 'First-time buyer',
  selling: 'I have a property to sell',
  'sold-stc': 'My property is sold STC',
  'mortgage-agreed-in-principle': 'Mortgage agreed in principle',
  'cash-buyer': 'Cash buyer',
};

/** The fields a person types; each is checked for script-like content (REQ-SEC-06, `containsScript`). */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Message prefilled in the enquiry form (REQ-ENQ-03). */
export function defaultEnquiryMessage(title: string): string {
  return `I am interested in ${title} and would like more information.`;
}

const optionalText = z.string().nullish();

/** Whether `value` is one of `options` (a narrowing `includes`). */
const oneOf = <T extends string>(options: readonly T[], value: string): value is T =>
  (options as readonly string[]).includes(value);

/**
 * `POST /api/enquiries` body and the enquiry form (REQ-ENQ-02; viewing and position, ADR 029). Input:
 * `{ propertyId: uuid, name, email, phone?, message, viewingTimes?, buyerPosition? }` as typed, where
 * `viewingTimes` is up to 3 `{ date: 'YYYY-MM-DD', period: 'morning' | 'afternoon' | 'evening' }` (the applicant
 * would like to arrange a viewing) and `buyerPosition` is any of {@link BUYER_POSITIONS} (both optional: clients that
 * send neither keep working). Output: name sanitised and cut to 50 characters, e-mail trimmed and lower-cased, phone
 * cleaned (or absent when blank), message sanitised; `viewingTimes` without repeats (absent when none) and
 * `buyerPosition` without repeats in the list's order (absent when none).
 *
 * Errors, each on its field's path, in this order of importance:
 * - any field with script-like content → 'Contact information contains invalid content' (and nothing else);
 * - name, e-mail or message empty after sanitising → 'Contact information is required';
 * - e-mail not x@y.z → 'Invalid email format';
 * - phone given but not 5–20 characters after cleaning → 'Phone number should be between 5-20 characters', or
 *   with fewer than 5 digits → 'Phone number must contain at least 5 digits';
 * - message over 2,000 characters → {@link ENQUIRY_MESSAGES.messageTooLong};
 * - more than 3 viewing times → `tooManyViewingTimes` (on `viewingTimes`); a day that is not a date from tomorrow
 *   to 60 days ahead in UK time → `viewingDateOutOfRange`, a period that is not one of the three →
 *   `viewingPeriodInvalid` (on `viewingTimes.{i}.date` / `.period`); an unknown position → `buyerPositionInvalid`.
 */
export const CreateEnquirySchema = z
  .object({
    propertyId: z.uuid(),
    name: optionalText,
    email: optionalText,
    phone: optionalText,
    message: optionalText,
    viewingTimes: z
      .array(
        z.object({
          date: z.string({ error: ENQUIRY_MESSAGES.viewingDateOutOfRange }),
          period: z.string({ error: ENQUIRY_MESSAGES.viewingPeriodInvalid }),
        }),
      )
      .nullish(),
    buyerPosition: z.array(z.string({ error: ENQUIRY_MESSAGES.buyerPositionInvalid })).nullish(),
  })
  .transform((v, ctx) => {
    const raw: Record<ContactField, string> = {
      name: v.name ?? '',
      email: v.email ?? '',
      phone: v.phone ?? '',
      message: v.message ?? '',
    };
    const scripted = CONTACT_FIELDS.filter((field) => containsScript(raw[field]));
    if (scripted.length) {
      for (const field of scripted)
        ctx.addIssue({ code: 'custom', message: MESSAGES.contactInvalidContent, path: [field] });
      return z.NEVER;
    }

    const name = sanitiseSingleLine(raw.name, ENQUIRY_NAME_MAX_LENGTH);
    const emailInput = raw.email.trim();
    // The message's own limit is reported (below), not silently applied.
    const message = sanitiseText(raw.message, Number.POSITIVE_INFINITY);
    const phoneGiven = raw.phone.trim() !== '';
    const phone = sanitisePhone(raw.phone);
    const problem = (field: ContactField, text: string) =>
      ctx.addIssue({ code: 'custom', message: text, path: [field] });

    if (!name) problem('name', MESSAGES.contactRequired);
    if (!emailInput) problem('email', MESSAGES.contactRequired);
    if (!message) problem('message', MESSAGES.contactRequired);
    const email = sanitiseEmail(emailInput);
    if (emailInput && !email) problem('email', MESSAGES.contactInvalidEmail);
    const phoneWrong = phoneGiven ? phoneProblem(phone) : null;
    if (phoneWrong) problem('phone', phoneWrong);
    if (message.length > ENQUIRY_MESSAGE_MAX_LENGTH) problem('message', ENQUIRY_MESSAGES.messageTooLong);

    const viewingTimes = readViewingTimes(v.viewingTimes ?? [], ctx);
    const buyerPosition = readBuyerPosition(v.buyerPosition ?? [], ctx);
    if (ctx.issues.length) return z.NEVER;

    return {
      propertyId: v.propertyId,
      name,
      email,
      ...(phoneGiven ? { phone } : {}),
      message,
      ...(viewingTimes.length ? { viewingTimes } : {}),
      ...(buyerPosition.length ? { buyerPosition } : {}),
    };
  });

type Issues = { addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void };

/** The preferred viewing times, each checked (a day from tomorrow to 60 days ahead, a known period), repeats dropped. */
function readViewingTimes(raw: readonly { date: string; period: string }[], ctx: Issues): ViewingTime[] {
  if (raw.length > VIEWING_TIMES_MAX) {
    ctx.addIssue({ code: 'custom', message: ENQUIRY_MESSAGES.tooManyViewingTimes, path: ['viewingTimes'] });
    return [];
  }
  const { min, max } = viewingDayRange();
  const times: ViewingTime[] = [];
  raw.forEach(({ date, period }, i) => {
    const dateOk = isCalendarDay(date) && date >= min && date <= max;
    if (!dateOk)
      ctx.addIssue({
        code: 'custom',
        message: ENQUIRY_MESSAGES.viewingDateOutOfRange,
        path: ['viewingTimes', i, 'date'],
      });
    if (!oneOf(VIEWING_PERIODS, period))
      ctx.addIssue({
        code: 'custom',
        message: ENQUIRY_MESSAGES.viewingPeriodInvalid,
        path: ['viewingTimes', i, 'period'],
      });
    else if (dateOk && !times.some((t) => t.date === date && t.period === period))
      times.push({ date, period });
  });
  return times;
}

/** The ticked positions in the list's order, once each. */
function readBuyerPosition(raw: readonly string[], ctx: Issues): BuyerPosition[] {
  raw.forEach((value, i) => {
    if (!oneOf(BUYER_POSITIONS, value))
      ctx.addIssue({
        code: 'custom',
        message: ENQUIRY_MESSAGES.buyerPositionInvalid,
        path: ['buyerPosition', i],
      });
  });
  return BUYER_POSITIONS.filter((position) => raw.includes(position));
}
export type CreateEnquiryInput = z.input<typeof CreateEnquirySchema>;
export type CreateEnquiry = z.output<typeof CreateEnquirySchema>;

/**
 * The messages of {@link CreateEnquirySchema} in the order the API reports them: the first one present becomes
 * `error.message` of the 400.
 */
export const CONTACT_ERROR_PRIORITY: readonly string[] = [
  MESSAGES.contactInvalidContent,
  MESSAGES.contactRequired,
  MESSAGES.contactInvalidEmail,
  MESSAGES.contactPhoneLength,
  MESSAGES.contactPhoneDigits,
  ENQUIRY_MESSAGES.messageTooLong,
  ENQUIRY_MESSAGES.tooManyViewingTimes,
  ENQUIRY_MESSAGES.viewingDateOutOfRange,
  ENQUIRY_MESSAGES.viewingPeriodInvalid,
  ENQUIRY_MESSAGES.buyerPositionInvalid,
];

/** Enquiry status (REQ-ENQ-03; a new enquiry is always 'new'). */
export const EnquiryStatusSchema = z.enum(['new', 'in_progress', 'closed']);
export type EnquiryStatus = z.infer<typeof EnquiryStatusSchema>;

/** `POST /api/enquiries` 201 body: the stored enquiry's id, status 'new' and creation time (ISO 8601). */
export const EnquiryCreatedSchema = z.object({
  id: z.uuid(),
  status: z.literal('new'),
  createdAt: z.iso.datetime({ offset: true }),
});
export type EnquiryCreated = z.infer<typeof EnquiryCreatedSchema>;
