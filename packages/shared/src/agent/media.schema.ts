/**
 * A listing's floor plans, EPC certificate and brochure (REQ-LISTING-16 "Media"; table `listing_media`): the limits, the
 * messages and the request shapes of `/api/agent/properties/{id}/media…`, used by the agent's media manager to
 * pre-check files and by the API to decide. The server reads a file's type from its content (`%PDF-` and a PDF
 * reader for PDFs, sharp for images), never from its name or declared type.
 *
 * What each kind may be (UK portals take the same): a floor plan or an EPC certificate is an image (JPG, PNG or WebP,
 * stored as WebP sizes like photos) or a PDF; a brochure is a PDF. A PDF is stored as uploaded once it is checked:
 * readable, not encrypted, at most {@link MAX_PDF_PAGES} pages, and free of active content (JavaScript, launch or
 * form-submit actions, attached files).
 */
import { z } from 'zod';
import {
  LISTING_MEDIA_KINDS,
  LISTING_MEDIA_KIND_LABELS,
  type ListingMediaKindValue,
} from '../listings/listing-vocabulary.ts';
import { sanitisedText } from '../sanitise.ts';
import { PHOTO_MIME_TYPES, type FileFacts } from './photos.schema.ts';

/** Formats of a stored media file: an image (WebP sizes) or a PDF (as uploaded). */
export const MEDIA_FORMATS = ['image', 'pdf'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

/** The declared type of a PDF (the browser's hint; the server reads the bytes). */
export const PDF_MIME_TYPE = 'application/pdf';

/**
 * Largest media upload: 10 MB, as a photo. docs/deploy/nginx.conf lets 11 MB bodies through, room for the multipart
 * envelope around a 10 MB file.
 */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

/** Most pages a PDF may have: a brochure runs to a dozen, an EPC certificate to four to six. */
export const MAX_PDF_PAGES = 50;

/** Longest caption ('Ground floor', 'Sales brochure'). */
export const MEDIA_CAPTION_MAX_LENGTH = 100;

/** Per kind: how many one listing may have and which formats are taken. */
export const MEDIA_KIND_RULES: Record<
  ListingMediaKindValue,
  { maxCount: number; formats: readonly MediaFormat[] }
> = {
  'floor-plan': { maxCount: 10, formats: ['image', 'pdf'] },
  epc: { maxCount: 2, formats: ['image', 'pdf'] },
  brochure: { maxCount: 2, formats: ['pdf'] },
};

/** Texts of the media manager and the API's refusals. */
export const MEDIA_MESSAGES = {
  sectionTitle: 'Floor plans, EPC and brochure',
  fileMissing: 'Choose a file to upload',
  tooLarge: 'Each file must be 10 MB or smaller',
  kindInvalid: 'Choose whether the file is a floor plan, an EPC certificate or a brochure',
  floorPlanType: 'A floor plan must be a JPG, PNG or WebP image or a PDF',
  epcType: 'An EPC certificate must be a JPG, PNG or WebP image or a PDF',
  brochureType: 'A brochure must be a PDF',
  tooManyFloorPlans: `A listing can have at most ${MEDIA_KIND_RULES['floor-plan'].maxCount} floor plans`,
  tooManyEpcs: `A listing can have at most ${MEDIA_KIND_RULES.epc.maxCount} EPC certificates`,
  tooManyBrochures: `A listing can have at most ${MEDIA_KIND_RULES.brochure.maxCount} brochures`,
  pdfUnreadable:
    'This PDF cannot be read: it may be damaged or incomplete. Please save it again and upload the copy',
  pdfEncrypted: 'This PDF is password-protected or encrypted. Please upload a copy without a password',
  pdfActiveContent: 'This PDF cannot be accepted: it contains JavaScript or other active content',
  pdfEmbeddedFiles: 'This PDF cannot be accepted: it contains attached files',
  pdfTooManyPages: `A PDF can have at most ${MAX_PDF_PAGES} pages`,
  pdfTooComplex: 'This PDF is too complex to check. Please upload a simpler copy',
  captionTooLong: `Caption must be ${MEDIA_CAPTION_MAX_LENGTH} characters or fewer`,
  uploaded: 'File uploaded',
  uploadFailed: 'Upload failed',
  updated: 'Caption saved',
  updateFailed: 'Failed to save the caption',
  deleted: 'File deleted',
  deleteFailed: 'Failed to delete the file',
  deleteConfirm: 'Are you sure you want to delete this file? The public page stops showing it at once.',
} as const;

/** The refusal of a file of the wrong type, per kind. */
export const MEDIA_TYPE_MESSAGES: Record<ListingMediaKindValue, string> = {
  'floor-plan': MEDIA_MESSAGES.floorPlanType,
  epc: MEDIA_MESSAGES.epcType,
  brochure: MEDIA_MESSAGES.brochureType,
};

/** The refusal of one file too many, per kind. */
export const MEDIA_COUNT_MESSAGES: Record<ListingMediaKindValue, string> = {
  'floor-plan': MEDIA_MESSAGES.tooManyFloorPlans,
  epc: MEDIA_MESSAGES.tooManyEpcs,
  brochure: MEDIA_MESSAGES.tooManyBrochures,
};

/** The section headings of the media manager, per kind (plural where a listing may have several). */
export const MEDIA_KIND_HEADINGS: Record<ListingMediaKindValue, string> = {
  'floor-plan': 'Floor plans',
  epc: LISTING_MEDIA_KIND_LABELS.epc,
  brochure: LISTING_MEDIA_KIND_LABELS.brochure,
};

/** The hint under each section's heading. */
export const MEDIA_KIND_TIPS: Record<ListingMediaKindValue, string> = {
  'floor-plan': `JPG, PNG, WebP or PDF, up to 10 MB each; at most ${MEDIA_KIND_RULES['floor-plan'].maxCount}.`,
  epc: `The certificate as a JPG, PNG, WebP or PDF, up to 10 MB; at most ${MEDIA_KIND_RULES.epc.maxCount}.`,
  brochure: `PDF only, up to 10 MB and ${MAX_PDF_PAGES} pages; at most ${MEDIA_KIND_RULES.brochure.maxCount}.`,
};

/** The file input's `accept` for a kind. */
export function mediaAccept(kind: ListingMediaKindValue): string {
  const formats = MEDIA_KIND_RULES[kind].formats;
  return [
    ...(formats.includes('image') ? PHOTO_MIME_TYPES : []),
    ...(formats.includes('pdf') ? [PDF_MIME_TYPE] : []),
  ].join(',');
}

/**
 * The client-side pre-check of a media file: the message to show, or null when it may be sent. The declared type is
 * only a hint (the server reads the content), so a file with no declared type is left to the server.
 */
export function checkMediaFile(kind: ListingMediaKindValue, file: FileFacts): string | null {
  const { formats } = MEDIA_KIND_RULES[kind];
  const isPdf = file.type === PDF_MIME_TYPE;
  const isImage = (PHOTO_MIME_TYPES as readonly string[]).includes(file.type);
  if (file.type && !((isPdf && formats.includes('pdf')) || (isImage && formats.includes('image'))))
    return MEDIA_TYPE_MESSAGES[kind];
  if (file.size > MAX_MEDIA_BYTES) return MEDIA_MESSAGES.tooLarge;
  return null;
}

/** The `kind` of an upload: one of {@link LISTING_MEDIA_KINDS}. */
export const MediaKindInputSchema = z.enum(LISTING_MEDIA_KINDS, { error: MEDIA_MESSAGES.kindInvalid });

/**
 * The optional `caption` of an upload (multipart): sanitised (sanitise.ts: `<`/`>` and control characters stripped,
 * one line, trimmed) and cut to {@link MEDIA_CAPTION_MAX_LENGTH} characters rather than refused, as a photo's alt text.
 */
export const MediaUploadCaptionSchema = sanitisedText(MEDIA_CAPTION_MAX_LENGTH, { singleLine: true });

/**
 * `PATCH /api/agent/properties/{id}/media/{mediaId}` body: the caption, sanitised like the upload's but refused
 * (400 'Caption must be 100 characters or fewer') when longer; empty clears it.
 */
export const UpdateMediaInputSchema = z.object({
  caption: sanitisedText(MEDIA_CAPTION_MAX_LENGTH, {
    tooLong: MEDIA_MESSAGES.captionTooLong,
    singleLine: true,
  }),
});
export type UpdateMediaInput = z.input<typeof UpdateMediaInputSchema>;

/** Path of the upload. */
export const ListingMediaListParamsSchema = z.object({ id: z.uuid() });
/** Path of one media file. */
export const ListingMediaParamsSchema = z.object({ id: z.uuid(), mediaId: z.uuid() });

/** The file name a PDF is downloaded under: `floor-plan.pdf`, `epc.pdf` or `brochure.pdf`. */
export function pdfDownloadName(kind: ListingMediaKindValue): string {
  return `${kind}.pdf`;
}
