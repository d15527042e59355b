/**
 * The Bulk upload form (ADR 030): its values, checked with zod through react-hook-form, and the screen's words. The
 * server checks the file itself (BLM v3 format, zip safety); the form makes sure a file of the right kind and size
 * was chosen, with the API's own limits and texts (blm-import.schema.ts), so a wrong pick is caught before its bytes
 * are sent.
 */
import { z } from 'zod';
import { BLM_MAX_BYTES, BLM_MESSAGES, BLM_ZIP_MAX_BYTES } from '@abode/shared/feeds/blm/blm-import.schema';

export const BULK_UPLOAD_TEXT = {
  fileRequired: BLM_MESSAGES.fileMissing,
  fileKind: 'Choose a .blm file, or a .zip holding one .blm and its media',
  fileEmpty: 'This file is empty',
  /** A 413 without the API's own body (a proxy's): the larger of the two limits. */
  tooLarge: BLM_MESSAGES.zipTooLarge,
  failed: 'The file was not imported',
  notAllowed: "Bulk upload is for your agency's owner and branch managers.",
  historyLoadFailed: 'Failed to load the imports',
  reportLoadFailed: "Failed to load the import's report",
} as const;

/** The file kinds the screen takes: Rightmove's bulk format, or a zip of one with its media. */
export const BULK_UPLOAD_ACCEPT = '.blm,.zip';

const KIND = /\.(blm|zip)$/i;
const isZip = (file: File) => /\.zip$/i.test(file.name);

export const BulkUploadFormSchema = z.object({
  file: z
    .instanceof(File, { error: BULK_UPLOAD_TEXT.fileRequired })
    .refine((file) => KIND.test(file.name), BULK_UPLOAD_TEXT.fileKind)
    .refine((file) => file.size > 0, BULK_UPLOAD_TEXT.fileEmpty)
    .refine((file) => !isZip(file) || file.size <= BLM_ZIP_MAX_BYTES, BLM_MESSAGES.zipTooLarge)
    .refine((file) => isZip(file) || file.size <= BLM_MAX_BYTES, BLM_MESSAGES.blmTooLarge),
  /** A branch uuid, or '' when the member has one branch (the server takes their default). */
  branchId: z.string(),
  withdrawAbsent: z.boolean(),
});
export type BulkUploadFormValues = z.input<typeof BulkUploadFormSchema>;
export type BulkUploadFormOutput = z.output<typeof BulkUploadFormSchema>;
