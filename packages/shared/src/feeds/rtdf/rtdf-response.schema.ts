/**
 * The answers of Abode's Rightmove-compatible real-time feed (RTDF v1, REQ-FEED-03), in the shape of Rightmove's
 * published response schemas, so a CRM reads them as it reads Rightmove's: `request_id` (Abode's X-Request-Id),
 * `message`, `success`, `request_timestamp` and `response_timestamp` ('dd-MM-yyyy HH:mm:ss', UK time), the property
 * (`agent_ref`, `rightmove_id` = Abode's listing number, `rightmove_url` = its public page, `change_type`), and
 * `errors` / `warnings` as objects with a stable code (docs/feeds.md lists them), a description and the value that
 * caused it. A CRM's fault is HTTP 200 with `success: false`, as at Rightmove; only the key guard answers 401, 403
 * and 429 (with Abode's `{ error }` body).
 */
import { z } from 'zod';

/** Largest RTDF request body: a listing with its full description, rooms and a few hundred media URLs. */
export const RTDF_BODY_LIMIT_BYTES = 1024 * 1024;

/** Texts of the RTDF answers; `bodyTooLarge` is the 413 of the body limit. */
export const RTDF_MESSAGES = {
  bodyTooLarge: `An RTDF request can be at most ${RTDF_BODY_LIMIT_BYTES / 1024 / 1024} MB`,
  created: 'The property was created',
  updated: 'The property was updated',
  unchanged: 'The property was unchanged: it matches what was last sent',
  withdrawn: 'The property was withdrawn',
  alreadyWithdrawn: 'The property was already withdrawn',
  rejected: 'The property was not saved: see errors',
  invalidRequest: 'The request does not match the RTDF schema: see errors',
  listed: 'The branch’s properties',
  branchNotAllowed: 'This key cannot write to that branch: use the feed id of one of your branches',
  channelUnknown: 'Channel must be 1 (sales) or 2 (lettings)',
} as const;

/** Codes of the errors and warnings the RTDF answers carry beyond the write path's own (docs/feeds.md). */
export const RTDF_ISSUE_CODES = {
  /** A field the request must have is missing. */
  missingField: 'MISSING_FIELD',
  /** A field has the wrong type or an impossible value. */
  invalidField: 'INVALID_FIELD',
  branchNotAllowed: 'BRANCH_NOT_ALLOWED',
  /** More key features than Abode shows (10): the rest are left out. */
  tooManyFeatures: 'TOO_MANY_FEATURES',
  /** More rooms than Abode shows (40): the rest are left out. */
  tooManyRooms: 'TOO_MANY_ROOMS',
  /** Text longer than Abode keeps, cut at a word. */
  textShortened: 'TEXT_SHORTENED',
  /** A rent quoted yearly, quarterly or daily, converted to pcm. */
  rentConverted: 'RENT_CONVERTED',
  /** A media URL that is not http(s), or a tour link that is not https: left out. */
  mediaUrlRefused: 'MEDIA_URL_REFUSED',
  /** A kind of media Abode does not keep (audio tours), or a second tour of a kind: left out. */
  mediaNotSupported: 'MEDIA_NOT_SUPPORTED',
  /** A room size Abode cannot keep (under 0.3 m or over 100 m): the size is left out. */
  roomSizeDropped: 'ROOM_SIZE_DROPPED',
  /** A date that is not 'dd-MM-yyyy': left out. */
  dateInvalid: 'DATE_INVALID',
} as const;

export const RtdfErrorSchema = z.object({
  error_code: z.string(),
  error_description: z.string(),
  error_value: z.string().nullable(),
});
export type RtdfError = z.infer<typeof RtdfErrorSchema>;

export const RtdfWarningSchema = z.object({
  warning_code: z.string(),
  warning_description: z.string(),
  warning_value: z.string().nullable(),
});
export type RtdfWarning = z.infer<typeof RtdfWarningSchema>;

/** What every RTDF answer carries. */
const RtdfAnswerSchema = z.object({
  request_id: z.string(),
  message: z.string(),
  success: z.boolean(),
  request_timestamp: z.string(),
  response_timestamp: z.string(),
  errors: z.array(RtdfErrorSchema),
  warnings: z.array(RtdfWarningSchema),
});

/** The listing an answer is about; `rightmove_id` and `rightmove_url` are null when nothing was written. */
export const RtdfPropertyResultSchema = z.object({
  agent_ref: z.string().nullable(),
  rightmove_id: z.number().int().nullable(),
  rightmove_url: z.string().nullable(),
  change_type: z.enum(['CREATE', 'UPDATE', 'DELETE']).nullable(),
});
export type RtdfPropertyResult = z.infer<typeof RtdfPropertyResultSchema>;

/** The answer of sendpropertydetails and removeproperty. */
export const RtdfPropertyAnswerSchema = RtdfAnswerSchema.extend({
  property: RtdfPropertyResultSchema.nullable(),
});
export type RtdfPropertyAnswer = z.infer<typeof RtdfPropertyAnswerSchema>;

/** One listing of getbranchpropertylist. */
export const RtdfBranchPropertySchema = z.object({
  rightmove_id: z.number().int(),
  agent_ref: z.string(),
  /** The CRM's last update date, else when the feed last wrote it ('dd-MM-yyyy HH:mm:ss'). */
  update_date: z.string().nullable(),
  channel: z.number().int(),
});

/** The answer of getbranchpropertylist: the branch's feed listings that are on Abode (not withdrawn or deleted). */
export const RtdfBranchPropertyListAnswerSchema = RtdfAnswerSchema.extend({
  branch: z
    .object({ branch_id: z.number().int().nullable(), channel: z.number().int().nullable() })
    .nullable(),
  property: z.array(RtdfBranchPropertySchema).nullable(),
});
export type RtdfBranchPropertyListAnswer = z.infer<typeof RtdfBranchPropertyListAnswerSchema>;
