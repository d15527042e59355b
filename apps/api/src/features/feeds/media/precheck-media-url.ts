/**
 * The synchronous check the RTDF and BLM adapters run on each media URL a CRM gives, before the listing is written
 * and the file queued (REQ-FEED-07): a URL that can never be fetched is reported at once as a MEDIA_URL_REFUSED
 * warning, and the item is dropped, rather than failing later in the background. Host names are not resolved here;
 * the fetcher checks their addresses when it connects (safe-fetch.ts).
 */
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import { isValidKey } from '#src/lib/storage.ts';
import { FEED_MEDIA_MESSAGES, MAX_MEDIA_URL_LENGTH } from './feed-media-messages.ts';
import { checkFetchableUrl } from './safe-fetch.ts';

/** The code of a media URL refused before fetching. */
export const MEDIA_URL_REFUSED = 'MEDIA_URL_REFUSED';

/** URL scheme of a file a BLM zip carried, stored by the importer in the Storage: `storage:feed-imports/…`. */
export const STORAGE_URL_SCHEME = 'storage:';
/** Folder of the Storage under which the BLM importer keeps a zip's media files until the media job stores them. */
export const FEED_IMPORTS_FOLDER = 'feed-imports/';

/** The Storage key of a `storage:feed-imports/…` URL, or null when `url` is not a valid one. */
export function feedImportKeyOf(url: string): string | null {
  if (!url.startsWith(STORAGE_URL_SCHEME)) return null;
  const key = url.slice(STORAGE_URL_SCHEME.length);
  return key.startsWith(FEED_IMPORTS_FOLDER) && isValidKey(key) ? key : null;
}

const refusal = (message: string): FeedIssue => ({ code: MEDIA_URL_REFUSED, message });

/**
 * Null when `url` may be queued, else the MEDIA_URL_REFUSED issue saying why: not a URL, longer than 2,000
 * characters, not http: or https:, a user name or password in it, or an IP-literal host (or 'localhost') outside
 * the public internet. `storage:feed-imports/…` URLs (a BLM zip's files, set by the importer) are accepted.
 */
export function precheckMediaUrl(url: string): FeedIssue | null {
  if (url.length > MAX_MEDIA_URL_LENGTH) return refusal(FEED_MEDIA_MESSAGES.urlTooLong);
  if (url.startsWith(STORAGE_URL_SCHEME))
    return feedImportKeyOf(url) ? null : refusal(FEED_MEDIA_MESSAGES.badScheme);
  const checked = checkFetchableUrl(url);
  return 'error' in checked ? refusal(checked.error.message) : null;
}
