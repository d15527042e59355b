import { describe, expect, test } from 'vitest';
import {
  buildSrcSet,
  checkLogoFile,
  checkPhotoFile,
  MAX_LOGO_BYTES,
  MAX_PHOTO_BYTES,
  PHOTO_MESSAGES,
  PhotoUploadAltSchema,
  ReorderPhotosInputSchema,
  UpdatePhotoInputSchema,
} from './photos.schema.ts';

describe('checkPhotoFile', () => {
  test('JPG, PNG and WebP up to 10 MB pass', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(checkPhotoFile({ type, size: MAX_PHOTO_BYTES })).toBeNull();
  });
  test('other types and bigger files are refused with their messages', () => {
    expect(checkPhotoFile({ type: 'image/gif', size: 10 })).toBe(PHOTO_MESSAGES.photoType);
    expect(checkPhotoFile({ type: 'application/pdf', size: 10 })).toBe(PHOTO_MESSAGES.photoType);
    expect(checkPhotoFile({ type: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 })).toBe(
      PHOTO_MESSAGES.photoTooLarge,
    );
  });
});

describe('checkLogoFile', () => {
  test('JPG and PNG up to 2 MB pass; WebP and bigger files are refused', () => {
    expect(checkLogoFile({ type: 'image/jpeg', size: MAX_LOGO_BYTES })).toBeNull();
    expect(checkLogoFile({ type: 'image/png', size: 1 })).toBeNull();
    expect(checkLogoFile({ type: 'image/webp', size: 1 })).toBe(PHOTO_MESSAGES.logoType);
    expect(checkLogoFile({ type: 'image/png', size: MAX_LOGO_BYTES + 1 })).toBe(PHOTO_MESSAGES.logoTooLarge);
  });
  test('the REQ-AGENT texts are exact', () => {
    expect(PHOTO_MESSAGES.logoHint).toBe('JPG, PNG up to 2MB');
    expect(PHOTO_MESSAGES.logoButton).toBe('Upload Photo');
  });
});

test('buildSrcSet lists each size with its width; none without sizes', () => {
  expect(
    buildSrcSet([
      { width: 1600, height: 1200, url: '/a-1600.webp' },
      { width: 400, height: 300, url: '/a-400.webp' },
    ]),
  ).toBe('/a-1600.webp 1600w, /a-400.webp 400w');
  expect(buildSrcSet([])).toBeUndefined();
  expect(buildSrcSet(null)).toBeUndefined();
});

test('alt text is trimmed, stripped of < > and at most 200 characters', () => {
  expect(UpdatePhotoInputSchema.parse({ altText: '  <i>Garden</i> ' }).altText).toBe('iGarden/i');
  expect(UpdatePhotoInputSchema.safeParse({ altText: 'x'.repeat(200) }).success).toBe(true);
  expect(UpdatePhotoInputSchema.safeParse({ altText: 'x'.repeat(201) }).success).toBe(false);
});

test('a reorder needs 1–30 UUIDs', () => {
  const id = '11111111-1111-4111-8111-111111111111';
  expect(ReorderPhotosInputSchema.safeParse({ photoIds: [id] }).success).toBe(true);
  expect(ReorderPhotosInputSchema.safeParse({ photoIds: [] }).success).toBe(false);
  expect(ReorderPhotosInputSchema.safeParse({ photoIds: ['nope'] }).success).toBe(false);
  expect(ReorderPhotosInputSchema.safeParse({ photoIds: Array(31).fill(id) }).success).toBe(false);
});

test('alt text is one line without controls or bidi overrides (REQ-SEC-02)', () => {
  expect(UpdatePhotoInputSchema.parse({ altText: 'Kitchen\r\nwith\tgarden view\u202e' }).altText).toBe(
    'Kitchen with garden view',
  );
  expect(PhotoUploadAltSchema.parse('Front\ndoor\u2066')).toBe('Front door');
});
