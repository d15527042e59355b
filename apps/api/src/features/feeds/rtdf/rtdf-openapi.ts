/**
 * The OpenAPI definitions of the RTDF calls (REQ-FEED-03; routes.ts serves them): their request and answer schemas,
 * the key guard's refusals and what each call does, for the API document CRM vendors read.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  GetBranchPropertyListRequestSchema,
  RemovePropertyRequestSchema,
  SendPropertyDetailsRequestSchema,
} from '@abode/shared/feeds/rtdf/rtdf-request.schema';
import {
  RTDF_MESSAGES,
  RtdfBranchPropertyListAnswerSchema,
  RtdfPropertyAnswerSchema,
} from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import { errorResponse, json, jsonBody } from '#src/lib/openapi.ts';
import { feedKeyAuth } from '../keys/feed-key-auth.ts';

const TAGS = ['Listing feeds'];

const keyGuard = {
  401: errorResponse(
    'The feed key is missing, unknown or revoked, or its creator no longer manages feeds (`{ error }` body)',
  ),
  403: errorResponse('The agency is suspended or not verified for publishing'),
  413: errorResponse(`'${RTDF_MESSAGES.bodyTooLarge}'`),
  429: errorResponse('More calls than the key’s limit a minute, with Retry-After'),
};

const ANSWER =
  'HTTP 200 in Rightmove’s shape: `success`, `message`, `request_id` (our X-Request-Id), `request_timestamp` and ' +
  '`response_timestamp` (dd-MM-yyyy HH:mm:ss, UK time), `errors` [{ error_code, error_description (led by the ' +
  'RTDF path), error_value }] and `warnings` alike. ';

export const sendRoute = createRoute({
  method: 'post',
  path: '/sendpropertydetails',
  tags: TAGS,
  summary: 'RTDF: create or update a listing',
  description:
    'Rightmove’s sendpropertydetails: creates or updates the listing `property.agent_ref` of branch ' +
    '`branch.branch_id` (a branch feed id), mode from `branch.channel` (1 sale, 2 rent), every code mapped ' +
    '(docs/feeds.md). Idempotent: a resend that maps to the same listing changes nothing. `published: false` ' +
    'withdraws it. The listing passes the portal’s validation, material information (Part A) and approval; it goes ' +
    'live with its first photo, fetched from `media` in the background. ' +
    ANSWER +
    '`property`: { agent_ref, rightmove_id (Abode’s listing number), rightmove_url (its public page, live once ' +
    'approved), change_type CREATE | UPDATE | DELETE | null (unchanged) }. Errors: MISSING_FIELD, INVALID_FIELD, ' +
    'BRANCH_NOT_ALLOWED, PROPERTY_TYPE_NOT_LISTED, PROPERTY_TYPE_REQUIRED, AGENCY_NOT_VERIFIED; warnings: ' +
    'UNKNOWN_CODE, CODE_APPROXIMATED, MEDIA_URL_REFUSED, MEDIA_NOT_SUPPORTED, TOO_MANY_FEATURES, TEXT_SHORTENED, ' +
    'RENT_CONVERTED, ROOM_SIZE_DROPPED, DATE_INVALID.',
  middleware: [feedKeyAuth] as const,
  security: [{ feedKey: [] }],
  request: { body: jsonBody(SendPropertyDetailsRequestSchema) },
  responses: { 200: json(RtdfPropertyAnswerSchema, 'The outcome, with errors and warnings'), ...keyGuard },
});

export const removeRoute = createRoute({
  method: 'post',
  path: '/removeproperty',
  tags: TAGS,
  summary: 'RTDF: withdraw a listing',
  description:
    'Rightmove’s removeproperty: withdraws the listing `property.agent_ref` of branch `branch.branch_id` (back to ' +
    'draft, kept, so a later sendpropertydetails publishes it again); `removal_reason` and `transaction_date` are ' +
    'logged. ' +
    ANSWER +
    '`property.change_type` DELETE. Errors: PROPERTY_NOT_FOUND (no such reference in the branch), ' +
    'BRANCH_NOT_ALLOWED, MISSING_FIELD, INVALID_FIELD.',
  middleware: [feedKeyAuth] as const,
  security: [{ feedKey: [] }],
  request: { body: jsonBody(RemovePropertyRequestSchema) },
  responses: { 200: json(RtdfPropertyAnswerSchema, 'The outcome, with errors'), ...keyGuard },
});

export const listRoute = createRoute({
  method: 'post',
  path: '/getbranchpropertylist',
  tags: TAGS,
  summary: 'RTDF: the branch’s listings',
  description:
    'Rightmove’s getbranchpropertylist: the feed listings of branch `branch.branch_id` that are on Abode (not ' +
    'withdrawn or deleted), of `branch.channel` when given, by listing number. ' +
    ANSWER +
    '`branch` { branch_id, channel }, `property` [{ rightmove_id, agent_ref, update_date, channel }]. Errors: ' +
    'BRANCH_NOT_ALLOWED, MISSING_FIELD, INVALID_FIELD.',
  middleware: [feedKeyAuth] as const,
  security: [{ feedKey: [] }],
  request: { body: jsonBody(GetBranchPropertyListRequestSchema) },
  responses: { 200: json(RtdfBranchPropertyListAnswerSchema, 'The listings'), ...keyGuard },
});
