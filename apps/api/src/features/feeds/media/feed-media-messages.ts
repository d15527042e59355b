/**
 * Why a file a feed gave by URL was refused or could not be fetched (REQ-FEED-06), in words an agent and a CRM vendor
 * can act on: the `last_error` of `GET /api/agent/properties/{id}/feed-media` and the MEDIA_URL_REFUSED warning of
 * an RTDF answer or a BLM report. docs/feeds.md lists them.
 */
import { MAX_MEDIA_BYTES } from '@abode/shared/agent/media.schema';
import { MAX_PHOTO_BYTES } from '@abode/shared/agent/photos.schema';
import type { FeedMediaKindValue } from '@abode/shared/feeds/feed-media.schema';

/** Longest media URL a feed may give (characters). */
export const MAX_MEDIA_URL_LENGTH = 2_000;

/** The largest file of each kind: the same as an upload in the agent portal (photos.schema, media.schema). */
export const FEED_MEDIA_MAX_BYTES: Record<FeedMediaKindValue, number> = {
  photo: MAX_PHOTO_BYTES,
  'floor-plan': MAX_MEDIA_BYTES,
  epc: MAX_MEDIA_BYTES,
  brochure: MAX_MEDIA_BYTES,
};

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;

export const FEED_MEDIA_MESSAGES = {
  notAUrl: 'The address of this file is not a valid web address',
  urlTooLong: `The address of this file is longer than ${MAX_MEDIA_URL_LENGTH.toLocaleString('en-GB')} characters`,
  badScheme: 'The address of this file must start with http:// or https://',
  credentials: 'The address of this file must not contain a user name or password',
  blockedAddress: 'The address of this file is not allowed',
  tooLarge: (maxBytes: number) => `The file is larger than ${size(maxBytes)}`,
  timeout: 'The server of this file took too long to send it',
  tooManyRedirects: 'The address of this file redirects too many times',
  notFound: (status: number) => `The file was not found at this address (HTTP ${status})`,
  httpStatus: (status: number) => `The server of this file answered HTTP ${status}`,
  unreachable: 'The server of this file could not be reached',
  notAnImage: 'The file is not a JPG, PNG or WebP image',
  missingUpload: 'The file was not found in the uploaded zip',
  keyRevoked: 'The feed key was revoked',
  notAllowed: 'The feed key can no longer change this listing',
  storeFailed: 'The file could not be stored; it will be tried again',
} as const;
