/**
 * Image checks and resizing with sharp (ADR 012 Images; REQ-AGENT-09). The format is read from the file's content
 * (sharp's decoder), never from its name or declared type. Outputs are WebP with no metadata: sharp drops EXIF
 * (including GPS position), ICC and XMP unless asked to keep them, and `.rotate()` first bakes the EXIF
 * orientation into the pixels so the photo still stands the right way up without it.
 */
import pLimit from 'p-limit';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { LOGO_MAX_SIZE, PHOTO_MESSAGES, PHOTO_WIDTHS } from '@abode/shared/agent/photos.schema';
import { AppError } from '#src/errors/app-error.ts';

/**
 * Largest image we decode, in pixels: 50 MP. Every camera photo an agent is likely to upload fits — a 45 MP
 * full-frame DSLR (8 192 × 5 464) or a 48 MP phone (8 064 × 6 048) — while the biggest size we keep is 1 600 px wide
 * (PHOTO_WIDTHS), so more pixels buy nothing. A decoded 4-channel pixel takes 4 bytes, so one decode stays under
 * ≈ 200 MB; a small file that decodes into a huge bitmap (a "pixel bomb": a 10 000 × 10 000 PNG of one colour is
 * 300 KB and cost 2 s of CPU and 400 MB, REQ-SEC) is refused from its header, before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Images decoded at once in this process (REQ-SEC). sharp's own `concurrency()` is threads per image; this caps
 * images, so N parallel uploads hold at most 2 bitmaps (≈ 400 MB at the pixel limit) and leave CPU for the API's
 * other requests on a small server; the rest wait their turn.
 */
export const IMAGE_DECODES_AT_ONCE = 2;
const decodeSlot = pLimit(IMAGE_DECODES_AT_ONCE);

/** WebP quality of stored sizes: visually clean for photos at about a tenth of a camera JPEG's bytes. */
const WEBP_QUALITY = 80;

/** One resized output. */
export interface ImageOutput {
  width: number;
  height: number;
  data: Buffer;
}

type Format = 'jpeg' | 'png' | 'webp';

/**
 * The image's format read from its content, or null when sharp cannot decode it as an image at all (text, PDF,
 * truncated files). Throws the pixel-limit AppError for images larger than {@link MAX_INPUT_PIXELS}.
 */
async function readFormat(input: Buffer): Promise<string | null> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError('VALIDATION_ERROR', PHOTO_MESSAGES.photoTooManyPixels);
  }
  return meta.format ?? null;
}

/** Runs a sharp pipeline; a decode failure half-way (a corrupt body behind a valid header) is the user's 400. */
async function render(pipeline: Sharp, typeMessage: string): Promise<ImageOutput> {
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', typeMessage, { cause: error });
  }
}

/**
 * A listing photo in its web sizes: JPG, PNG or WebP by content (else 400 'Only JPG, PNG or WebP images can be
 * uploaded'; over {@link MAX_INPUT_PIXELS} 400 'This image is too large to process…'), turned upright by its EXIF
 * orientation, resized to each of {@link PHOTO_WIDTHS} px wide without enlarging, WebP, metadata stripped. Widest
 * first; sizes that would repeat (a narrow original) appear once. Decodes wait for one of the
 * {@link IMAGE_DECODES_AT_ONCE} slots.
 */
export async function makePhotoVariants(input: Buffer): Promise<ImageOutput[]> {
  const format = await readFormat(input);
  if (!format || !(['jpeg', 'png', 'webp'] satisfies Format[] as string[]).includes(format)) {
    throw new AppError('VALIDATION_ERROR', PHOTO_MESSAGES.photoType);
  }
  return decodeSlot(async () => {
    const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const outputs: ImageOutput[] = [];
    for (const width of PHOTO_WIDTHS) {
      const output = await render(
        base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }),
        PHOTO_MESSAGES.photoType,
      );
      if (!outputs.some((o) => o.width === output.width)) outputs.push(output);
    }
    return outputs;
  });
}

/**
 * An agent logo: JPG or PNG by content (else 400 'Logo must be a JPG or PNG image'; over {@link MAX_INPUT_PIXELS}
 * 400 'This image is too large to process…'), upright, fitted inside {@link LOGO_MAX_SIZE}² px without enlarging,
 * stored as WebP — which keeps a PNG's transparency, so one format serves both — with metadata stripped. Shares the
 * photos' decode slots.
 */
export async function makeLogo(input: Buffer): Promise<ImageOutput> {
  const format = await readFormat(input);
  if (format !== 'jpeg' && format !== 'png') throw new AppError('VALIDATION_ERROR', PHOTO_MESSAGES.logoType);
  return decodeSlot(() =>
    render(
      sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: LOGO_MAX_SIZE, height: LOGO_MAX_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 90, alphaQuality: 100 }),
      PHOTO_MESSAGES.logoType,
    ),
  );
}
