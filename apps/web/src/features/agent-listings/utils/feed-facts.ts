/**
 * How the agent portal words a feed listing's facts (ADR 030): where it came from and the file a CRM's media URL
 * names (its times are formatted by lib/format.ts).
 */
import type { ListingFeedFacts } from '@abode/shared/agent/listing-input.schema';
import { LISTING_SOURCE_LABELS, type ListingSourceValue } from '@abode/shared/listings/listing-vocabulary';

/** The feed a listing came from ('rtdf' or 'blm'), or null for one typed in the portal (or from an older answer). */
export function feedSourceOf(listing: ListingFeedFacts): Exclude<ListingSourceValue, 'portal'> | null {
  return listing.source === 'rtdf' || listing.source === 'blm' ? listing.source : null;
}

/** 'Real-time feed' or 'BLM file'. */
export const feedSourceLabel = (source: Exclude<ListingSourceValue, 'portal'>) =>
  LISTING_SOURCE_LABELS[source];

/**
 * The file a media URL names: the last part of its path, decoded ('front.jpg' of
 * 'https://crm.example.com/media/front.jpg?v=2', or of a zip's 'storage:feed-imports/…/front.jpg'); the whole URL
 * when it has no path.
 */
export function fileNameOf(url: string): string {
  const path = url.replace(/[?#].*$/, '');
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (!last) return url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Whether a media URL is one the agent's browser can open (the CRM's http(s) link, not a file of a zip). */
export const isWebUrl = (url: string) => /^https?:\/\//i.test(url);
