import { describe, expect, test } from 'vitest';
import {
  checkMediaFile,
  MAX_MEDIA_BYTES,
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_COUNT_MESSAGES,
  MEDIA_KIND_RULES,
  MEDIA_MESSAGES,
  MEDIA_TYPE_MESSAGES,
  mediaAccept,
  MediaKindInputSchema,
  MediaUploadCaptionSchema,
  pdfDownloadName,
  UpdateMediaInputSchema,
} from './media.schema.ts';

describe('what each kind takes', () => {
  test('floor plans (10) and EPC certificates (2) are images or PDFs; brochures (2) PDFs only', () => {
    expect(MEDIA_KIND_RULES).toEqual({
      'floor-plan': { maxCount: 10, formats: ['image', 'pdf'] },
      epc: { maxCount: 2, formats: ['image', 'pdf'] },
      brochure: { maxCount: 2, formats: ['pdf'] },
    });
    expect(mediaAccept('brochure')).toBe('application/pdf');
    expect(mediaAccept('epc')).toBe('image/jpeg,image/png,image/webp,application/pdf');
    expect(MEDIA_COUNT_MESSAGES.epc).toBe('A listing can have at most 2 EPC certificates');
  });

  test('the upload limit fits inside the 11 MB nginx body limit with room for the multipart envelope', () => {
    expect(MAX_MEDIA_BYTES).toBe(10 * 1024 * 1024);
    expect(MAX_MEDIA_BYTES + 16 * 1024).toBeLessThan(11 * 1024 * 1024);
  });
});

describe('checkMediaFile', () => {
  test('allowed declared types up to 10 MB pass', () => {
    expect(checkMediaFile('floor-plan', { type: 'image/png', size: MAX_MEDIA_BYTES })).toBeNull();
    expect(checkMediaFile('epc', { type: 'application/pdf', size: 1 })).toBeNull();
    expect(checkMediaFile('brochure', { type: 'application/pdf', size: 1 })).toBeNull();
  });

  test('a type the kind does not take, and a bigger file, are refused with their messages', () => {
    expect(checkMediaFile('brochure', { type: 'image/jpeg', size: 1 })).toBe(MEDIA_MESSAGES.brochureType);
    expect(checkMediaFile('floor-plan', { type: 'image/gif', size: 1 })).toBe(
      MEDIA_TYPE_MESSAGES['floor-plan'],
    );
    expect(checkMediaFile('epc', { type: 'application/pdf', size: MAX_MEDIA_BYTES + 1 })).toBe(
      MEDIA_MESSAGES.tooLarge,
    );
  });

  test('a file with no declared type is left to the server, which reads its content', () => {
    expect(checkMediaFile('brochure', { type: '', size: 10 })).toBeNull();
  });
});

describe('request shapes', () => {
  test('kind must be one of the three', () => {
    expect(MediaKindInputSchema.parse('epc')).toBe('epc');
    const result = MediaKindInputSchema.safeParse('photo');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MEDIA_MESSAGES.kindInvalid);
  });

  test('an upload caption is sanitised to one line and cut; a PATCH caption is refused when too long', () => {
    expect(MediaUploadCaptionSchema.parse('  Ground\nfloor <b>plan</b> ')).toBe('Ground floor bplan/b');
    expect(MediaUploadCaptionSchema.parse('x'.repeat(150))).toHaveLength(MEDIA_CAPTION_MAX_LENGTH);
    expect(UpdateMediaInputSchema.parse({ caption: ' First floor ' })).toEqual({ caption: 'First floor' });
    const long = UpdateMediaInputSchema.safeParse({ caption: 'x'.repeat(MEDIA_CAPTION_MAX_LENGTH + 1) });
    expect(long.error?.issues[0]?.message).toBe(MEDIA_MESSAGES.captionTooLong);
  });

  test('a PDF downloads under its kind', () => {
    expect(pdfDownloadName('floor-plan')).toBe('floor-plan.pdf');
    expect(pdfDownloadName('brochure')).toBe('brochure.pdf');
  });
});
