/**
 * A BLM row's media (REQ-FEED-07): the MEDIA_… columns by Rightmove's conventions (blm-codes.ts `blmMediaColumn`),
 * each value a URL (http or https) or, in a `.zip` upload, the name of a file in the zip. Files of a zip are stored
 * by the import (blm-zip.ts) and given to the write path as `storage:` URLs, which the media job reads from storage
 * instead of the network. A `storage:` value written in the file itself is refused: only Abode makes those.
 * Virtual tours are links, not files: the first https video link (YouTube, Vimeo) becomes the listing's video tour,
 * the first other one its virtual tour.
 */
import { MEDIA_CAPTION_MAX_LENGTH } from '@abode/shared/agent/media.schema';
import { BLM_ISSUE_CODES } from '@abode/shared/feeds/blm/blm-import.schema';
import { blmMediaColumn, type BlmMediaKind } from '@abode/shared/feeds/blm/blm-codes';
import type { FeedIssue } from '@abode/shared/feeds/feed-report.schema';
import { parseTourUrl } from '@abode/shared/listings/tours';
import { sanitiseSingleLine } from '@abode/shared/sanitise';
import type { FeedMediaItem } from '../feed-listing.ts';
import { precheckMediaUrl } from '../media/precheck-media-url.ts';
import { blmText } from './blm-values.ts';

/** The scheme of the URLs Abode gives files stored from an upload (read by the media job). */
export const STORAGE_URL_SCHEME = 'storage:';
/** Longest media URL taken. */

/** One media value of a row, with its caption. */
export interface BlmMediaRef {
  kind: BlmMediaKind;
  index: number;
  column: string;
  value: string;
  caption: string | null;
}

/** The files of an upload by name: the `storage:` URL of a stored file, or null when the upload has none of that name. */
export interface BlmUploadFiles {
  store(name: string): Promise<string | null>;
}

const KIND_ORDER: Record<BlmMediaKind, number> = { photo: 0, 'floor-plan': 1, epc: 2, brochure: 3, tour: 4 };

/** The row's media values, photos first, each kind in its columns' order (MEDIA_IMAGE_00 is the main photo). */
export function blmMediaRefs(values: Readonly<Record<string, string>>): BlmMediaRef[] {
  const refs: BlmMediaRef[] = [];
  for (const [column, raw] of Object.entries(values)) {
    const media = blmMediaColumn(column);
    const value = raw.trim();
    if (!media || media.caption || !value) continue;
    const captionColumn = column.replace(/_(\d{2})$/, '_TEXT_$1');
    const caption = sanitiseSingleLine(blmText(values[captionColumn] ?? ''), MEDIA_CAPTION_MAX_LENGTH);
    refs.push({ kind: media.kind, index: media.index, column, value, caption: caption || null });
  }
  return refs.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.index - b.index);
}

const VIDEO_HOSTS = /(^|\.)(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com)$/i;

/** What a row's media resolve to: the write path's items, the tour links, and warnings (all MEDIA_ codes). */
export interface ResolvedBlmMedia {
  media: FeedMediaItem[];
  tours: { videoTourUrl: string | null; virtualTourUrl: string | null };
  warnings: FeedIssue[];
}

/**
 * Resolves a row's media: URLs as they are, file names through `files` (a zip upload; null for a `.blm` alone).
 * Never throws for the file's faults: what cannot be used is a warning naming its column.
 */
export async function resolveBlmMedia(
  refs: readonly BlmMediaRef[],
  files: BlmUploadFiles | null,
): Promise<ResolvedBlmMedia> {
  const media: FeedMediaItem[] = [];
  const warnings: FeedIssue[] = [];
  const tours: ResolvedBlmMedia['tours'] = { videoTourUrl: null, virtualTourUrl: null };
  const warn = (ref: BlmMediaRef, code: string, message: string) =>
    warnings.push({ code, message, field: ref.column });
  for (const ref of refs) {
    if (ref.kind === 'tour') {
      const tour = parseTourUrl(ref.value);
      if (!tour) {
        warn(ref, BLM_ISSUE_CODES.tourIgnored, `${ref.column} is not an https link: it was left out`);
        continue;
      }
      const slot = VIDEO_HOSTS.test(tour.hostname) ? 'videoTourUrl' : 'virtualTourUrl';
      if (tours[slot]) {
        warn(
          ref,
          BLM_ISSUE_CODES.tourIgnored,
          `A listing has one ${slot === 'videoTourUrl' ? 'video' : 'virtual'} tour: ${ref.column} was left out`,
        );
        continue;
      }
      tours[slot] = tour.href;
      continue;
    }
    if (ref.kind === 'epc' && /^HIP$/i.test(ref.caption ?? '')) {
      warn(
        ref,
        BLM_ISSUE_CODES.mediaRefused,
        `Home Information Packs ended in 2010: ${ref.column} was left out`,
      );
      continue;
    }
    if (ref.value.toLowerCase().startsWith(STORAGE_URL_SCHEME)) {
      warn(
        ref,
        BLM_ISSUE_CODES.mediaRefused,
        `${ref.column}: '${STORAGE_URL_SCHEME}' links are Abode's own and cannot be sent`,
      );
      continue;
    }
    let url: string | null;
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref.value)) {
      // The same pre-check as every adapter's: http(s), no credentials, a public address, 2,000 characters at most.
      const refusal = precheckMediaUrl(ref.value);
      if (refusal) {
        warn(ref, BLM_ISSUE_CODES.mediaRefused, `${ref.column}: ${refusal.message}; it was left out`);
        continue;
      }
      url = new URL(ref.value).href;
    } else {
      url = files ? await files.store(ref.value) : null;
      if (!url) {
        warn(
          ref,
          BLM_ISSUE_CODES.mediaNotFound,
          files
            ? `${ref.column}: the .zip has no file '${ref.value.slice(0, 120)}'`
            : `${ref.column}: '${ref.value.slice(0, 120)}' is not a link; send the file in a .zip with the .blm`,
        );
        continue;
      }
    }
    media.push({ kind: ref.kind, url, caption: ref.caption });
  }
  return { media, tours, warnings };
}
