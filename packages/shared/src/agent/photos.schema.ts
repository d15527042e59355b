/**
 * Listing photos and the agent logo (REQ-AGENT-14 "Photo upload"; REQ-AGENT-14 panel, REQ-AGENT-09,
 * REQ-AGENT-14 'JPG, PNG up to 2MB'; ADR 012 Images: 1600/800/400 px WebP, EXIF stripped). The photo manager and logo panel
 * pre-check files with the same constants and {@link checkPhotoFile} / {@link checkLogoFile}; the server decides by
 * the file's content, never by its name or declared type.
 *
 * Rule kept by the API: the main photo is always the first one (`orderIndex` 0), so search cards, the property page
 * and share previews (which all show photos by `orderIndex`) lead with it. Reordering makes the new first photo main;
 * 'Set as main' moves the photo to the front; deleting the main photo makes the next one main.
 */
import { z } from 'zod';
import { sanitisedText } from '../sanitise.ts';

/** Image types a listing photo may be (checked by content on the server). */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The file input's `accept` for listing photos. */
export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');
/** Largest listing photo upload: 10 MB (REQ-AGENT-09). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Most photos one listing may have. */
export const MAX_PHOTOS_PER_LISTING = 30;
/** Widths (px) of the stored WebP sizes of a photo, widest first; narrower originals are never enlarged. */
export const PHOTO_WIDTHS = [1600, 800, 400] as const;
/** Longest alt text of a photo. */
export const PHOTO_ALT_MAX_LENGTH = 200;

/** Image types a logo may be: JPG or PNG only (REQ-AGENT-14 hint 'JPG, PNG up to 2MB'). */
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const LOGO_ACCEPT = LOGO_MIME_TYPES.join(',');
/** Largest logo upload: 2 MB (REQ-AGENT-14). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** A stored logo fits in this square (px), kept as WebP so a transparent PNG stays transparent. */
export const LOGO_MAX_SIZE = 400;

/** Texts of the photo manager and the logo panel (REQ-AGENT-14 wording where SPEC has one). */
export const PHOTO_MESSAGES = {
  photoType: 'Only JPG, PNG or WebP images can be uploaded',
  photoTooLarge: 'Each photo must be 10 MB or smaller',
  photoMissing: 'Choose a photo to upload',
  tooManyPhotos: `A listing can have at most ${MAX_PHOTOS_PER_LISTING} photos`,
  photoTooManyPixels: 'This image is too large to process. Please upload a smaller image.',
  orderMismatch: 'The new order must list every photo of this listing exactly once',
  photoTip: 'JPG, PNG or WebP, up to 10 MB each. The main photo is shown first in search results.',
  photoUploaded: 'Photo uploaded',
  photoUploadFailed: 'Upload failed',
  photoUpdated: 'Photo updated',
  photoUpdateFailed: 'Failed to update photo',
  photoDeleted: 'Photo deleted',
  photoDeleteFailed: 'Failed to delete photo',
  photoDeleteConfirm: 'Are you sure you want to delete this photo?',
  mainPhotoSet: 'Main photo updated',
  orderSaved: 'Photo order saved',
  orderFailed: 'Failed to save the photo order',
  photosLoadFailed: 'Failed to load photos',
  noPhotos: 'No photos yet',
  logoType: 'Logo must be a JPG or PNG image',
  logoTooLarge: 'Logo must be 2 MB or smaller',
  logoMissing: 'Choose an image to upload',
  /** REQ-AGENT-12: the photo panel's hint, exactly. */
  logoHint: 'JPG, PNG up to 2MB',
  /** REQ-AGENT-12: the photo panel's button, exactly. */
  logoButton: 'Upload Photo',
  logoUploaded: 'Photo uploaded',
  logoUploadFailed: 'Failed to upload photo',
  logoRemoved: 'Photo removed',
  logoRemoveFailed: 'Failed to remove photo',
} as const;

/** What the browser says about a chosen file (a `File` fits). */
export interface FileFacts {
  type: string;
  size: number;
}

/**
 * The client-side pre-check of a listing photo: the message to show, or null when the file may be sent. The
 * declared type is only a hint; the server checks the content.
 */
export function checkPhotoFile(file: FileFacts): string | null {
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.photoType;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_MESSAGES.photoTooLarge;
  return null;
}

/** The client-side pre-check of a logo: the message to show, or null when the file may be sent. */
export function checkLogoFile(file: FileFacts): string | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.logoType;
  if (file.size > MAX_LOGO_BYTES) return PHOTO_MESSAGES.logoTooLarge;
  return null;
}

/** One stored size of an uploaded photo: pixel size and its URL. */
export const PhotoVariantSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string(),
});
export type PhotoVariant = z.infer<typeof PhotoVariantSchema>;

/** The `srcset` of a photo's sizes ('/a-1600.webp 1600w, /a-800.webp 800w'); undefined when there are none. */
export function buildSrcSet(variants: readonly PhotoVariant[] | null | undefined): string | undefined {
  if (!variants?.length) return undefined;
  return variants.map((v) => `${v.url} ${v.width}w`).join(', ');
}

/**
 * A photo of the agent's listing (`GET /api/agent/properties/{id}/photos` items, the upload's answer). `url` is the
 * widest size; `width`/`height` in px (null for demo illustrations); `variants` widest first (empty for demo
 * illustrations); `srcSet` built from them.
 */
export const AgentPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  altText: z.string().nullable(),
  orderIndex: z.number().int().nonnegative(),
  isMain: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(PhotoVariantSchema),
  srcSet: z.string().optional(),
});
export type AgentPhoto = z.infer<typeof AgentPhotoSchema>;

/** `GET /api/agent/properties/{id}/photos`: the listing's photos by `orderIndex`. */
export const AgentPhotoListSchema = z.object({ items: z.array(AgentPhotoSchema) });
export type AgentPhotoList = z.infer<typeof AgentPhotoListSchema>;

/** Path of the photo list and upload. */
export const ListingPhotosParamsSchema = z.object({ id: z.uuid() });
/** Path of one photo. */
export const ListingPhotoParamsSchema = z.object({ id: z.uuid(), photoId: z.uuid() });

/**
 * `PATCH /api/agent/properties/{id}/photos/{photoId}` body: the alt text, sanitised (sanitise.ts: `<`/`>` stripped,
 * trimmed), at most 200 characters; empty clears it (pages then describe the photo by the listing title and
 * position).
 */
export const UpdatePhotoInputSchema = z.object({
  altText: sanitisedText(PHOTO_ALT_MAX_LENGTH, {
    tooLong: `Alt text must be ${PHOTO_ALT_MAX_LENGTH} characters or fewer`,
    singleLine: true,
  }),
});

/**
 * The optional `alt` field of a photo upload (multipart): sanitised like {@link UpdatePhotoInputSchema}'s, but cut
 * to 200 characters rather than refused, so a long caption never fails an upload.
 */
export const PhotoUploadAltSchema = sanitisedText(PHOTO_ALT_MAX_LENGTH, { singleLine: true });
export type UpdatePhotoInput = z.input<typeof UpdatePhotoInputSchema>;

/** `PUT /api/agent/properties/{id}/photos/order` body: every photo id of the listing once, first = main. */
export const ReorderPhotosInputSchema = z.object({
  photoIds: z.array(z.uuid()).min(1).max(MAX_PHOTOS_PER_LISTING),
});
export type ReorderPhotosInput = z.infer<typeof ReorderPhotosInputSchema>;

/** `POST`/`DELETE /api/agent/profile/logo` answer: the agent's logo URL (null when removed). */
export const AgentLogoSchema = z.object({ logoUrl: z.string().nullable() });
export type AgentLogo = z.infer<typeof AgentLogoSchema>;
