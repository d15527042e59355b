/**
 * RTDF `media` as the listing's files by URL and its tour links (REQ-FEED-06, docs/feeds.md), in `sort_order` (items
 * without one after those with one, in the order sent):
 * - photos, floor plans, brochures, EPC certificates and EPC graphs become feed media items, fetched later by the
 *   media job. Their URL must be http or https (a URL written without its scheme, 'www.example.com/a.jpg', is read
 *   as https, as a browser would); anything else (`javascript:`, `data:`, `ftp:`, a URL with credentials) is left out
 *   with a warning. The fetcher applies the network rules (no private addresses).
 * - virtual tours are links, not files: YouTube and Vimeo links become the video tour, others the virtual tour, one
 *   of each; they must be https (an `http:` or `javascript:` link is left out with a warning).
 * - audio tours are not kept (warned).
 */
import { sanitiseSingleLine } from '@abode/shared/sanitise';
import type { FeatureValue } from '@abode/shared/listings/listing-vocabulary';
import { tourLink } from '@abode/shared/listings/tours';
import { RTDF_MEDIA_TYPES } from '@abode/shared/feeds/rtdf/rtdf-codes';
import { parseRtdfDate } from '@abode/shared/feeds/rtdf/rtdf-dates';
import type { RtdfProperty } from '@abode/shared/feeds/rtdf/rtdf-request.schema';
import { RTDF_ISSUE_CODES } from '@abode/shared/feeds/rtdf/rtdf-response.schema';
import type { FeedMediaItem } from '../feed-listing.ts';
import { FEED_MEDIA_MESSAGES } from '../media/feed-media-messages.ts';
import { precheckMediaUrl, STORAGE_URL_SCHEME } from '../media/precheck-media-url.ts';
import { lookUp, type MapNotes } from './map-price.ts';
import { htmlToText } from './map-text.ts';

/** Longest caption kept (Rightmove's own limit). */
const CAPTION_MAX_LENGTH = 50;

/** `raw` as an absolute URL: a scheme-less 'www.host/…' or '//host/…' is read as https. Undefined when not a URL. */
export function absoluteUrl(raw: string): URL | undefined {
  const text = raw.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text)
    ? text
    : text.startsWith('//')
      ? `https:${text}`
      : /^[\w-]+(\.[\w-]+)+(:\d+)?(\/|$)/.test(text)
        ? `https://${text}`
        : text;
  try {
    return new URL(withScheme);
  } catch {
    return undefined;
  }
}

/**
 * The file's URL, normalised, or the reason it cannot be fetched: the media pre-check every adapter runs (http(s),
 * no credentials, a public address, 2,000 characters at most).
 */
function fileUrl(raw: string): { url: string } | { refused: string } {
  const url = absoluteUrl(raw)?.href;
  if (!url || url.startsWith(STORAGE_URL_SCHEME)) return { refused: FEED_MEDIA_MESSAGES.badScheme };
  const refusal = precheckMediaUrl(url);
  return refusal ? { refused: refusal.message } : { url };
}

export interface MappedMedia {
  media: FeedMediaItem[];
  videoTourUrl: string | null;
  virtualTourUrl: string | null;
  features: FeatureValue[];
}

/** The media of `p`, as described at the top of this module. */
export function mapMedia(p: RtdfProperty, notes: MapNotes): MappedMedia {
  const sent = (p.media ?? []).map((item, index) => ({ item, index }));
  const order = (x: { item: { sort_order?: number }; index: number }) =>
    x.item.sort_order ?? Number.MAX_SAFE_INTEGER;
  sent.sort((a, b) => order(a) - order(b) || a.index - b.index);
  const result: MappedMedia = { media: [], videoTourUrl: null, virtualTourUrl: null, features: [] };
  const refuse = (field: string, message: string, code: string = RTDF_ISSUE_CODES.mediaUrlRefused) =>
    notes.warnings.push({ code, message, field });
  for (const { item, index } of sent) {
    const field = `property.media.${index}`;
    const type = lookUp(RTDF_MEDIA_TYPES, item.media_type, `${field}.media_type`, notes);
    if (!type) continue;
    const { target } = type;
    if ('unsupported' in target) {
      refuse(field, `${type.label}s are not kept on Abode: left out`, RTDF_ISSUE_CODES.mediaNotSupported);
      continue;
    }
    if ('tour' in target) {
      const link = tourLink(absoluteUrl(item.media_url)?.href ?? '');
      if (!link) {
        refuse(`${field}.media_url`, 'A tour link must be a full https:// address: left out');
        continue;
      }
      const video = link.provider === 'youtube' || link.provider === 'vimeo';
      const slot = video ? 'videoTourUrl' : 'virtualTourUrl';
      if (result[slot]) {
        refuse(
          `${field}.media_url`,
          `Abode keeps one ${video ? 'video' : 'virtual'} tour: this one was left out`,
          RTDF_ISSUE_CODES.mediaNotSupported,
        );
        continue;
      }
      result[slot] = link.url;
      continue;
    }
    const checked = fileUrl(item.media_url);
    if ('refused' in checked) {
      refuse(`${field}.media_url`, `${checked.refused}: left out`);
      continue;
    }
    const { url } = checked;
    let updatedAt: Date | null = null;
    if (item.media_update_date) {
      updatedAt = parseRtdfDate(item.media_update_date);
      if (!updatedAt)
        refuse(
          `${field}.media_update_date`,
          "Write dates as 'dd-MM-yyyy HH:mm:ss': the media's date was left out",
          RTDF_ISSUE_CODES.dateInvalid,
        );
    }
    const caption = item.caption ? sanitiseSingleLine(htmlToText(item.caption), CAPTION_MAX_LENGTH) : '';
    result.media.push({ kind: target.file, url, caption: caption || null, updatedAt });
  }
  if (result.videoTourUrl || result.virtualTourUrl) result.features.push('virtual-tour');
  return result;
}
