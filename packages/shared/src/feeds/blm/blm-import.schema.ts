/**
 * BLM bulk imports (REQ-FEED-07): the limits of an upload, the stable codes of the issues an import reports (per file
 * and per row; docs/feeds.md lists them for CRM vendors), the texts of its 4xx answers, and the Bulk upload form's
 * fields (`POST /api/agent/feeds/blm`). The report itself is ../feed-report.schema.ts.
 */
import { z } from 'zod';

const MB = 1024 * 1024;

/** Largest `.blm` sent on its own (20 MB: about 10,000 listings with long descriptions). */
export const BLM_MAX_BYTES = 20 * MB;
/** Largest `.zip` (a `.blm` and its photos, floor plans and documents). */
export const BLM_ZIP_MAX_BYTES = 200 * MB;
/** Files a `.zip` may hold: a few thousand listings' photos. */
export const BLM_ZIP_MAX_ENTRIES = 20_000;
/** Unpacked, the `.zip`'s files together (a bomb is refused before anything is unpacked). */
export const BLM_ZIP_MAX_UNPACKED_BYTES = 500 * MB;
/** Unpacked, one media file of the `.zip` (as an uploaded photo or PDF). */
export const BLM_ZIP_MAX_FILE_BYTES = 10 * MB;
/** Unpacked, the `.blm` inside a `.zip`. */
export const BLM_ZIP_MAX_BLM_BYTES = 100 * MB;
/** Imports listed by `GET /api/agent/feeds/imports`. */
export const BLM_IMPORTS_LISTED = 20;
/** Row reports kept with an import for its history; the answer to the upload always has them all. */
export const BLM_STORED_REPORT_ROWS = 5_000;

/** Stable codes of the issues a BLM import reports, beside those of the code lists and the write path. */
export const BLM_ISSUE_CODES = {
  /** File: not a BLM file (no #HEADER#), or a header without Version, EOF or EOR. */
  badHeader: 'BLM_BAD_HEADER',
  /** File: a version other than 3. */
  unsupportedVersion: 'BLM_UNSUPPORTED_VERSION',
  /** File: EOF or EOR missing, longer than one character, alike, or not what the definition is split by. */
  badDelimiters: 'BLM_BAD_DELIMITERS',
  /** File: no #DEFINITION#, or one without AGENT_REF and BRANCH_ID, or naming a column twice. */
  badDefinition: 'BLM_BAD_DEFINITION',
  /** File: the upload could not be read to its end (a damaged or encrypted file in a .zip). */
  unreadable: 'BLM_UNREADABLE',
  /** File: no #DATA# section. */
  noData: 'BLM_NO_DATA',
  /** File (a warning): no #END#, so the file may be cut short: nothing was withdrawn. */
  noEnd: 'BLM_NO_END',
  /** File (a warning): the header's Property Count is not the number of rows. */
  propertyCount: 'BLM_PROPERTY_COUNT',
  /** File (a warning): the stored report keeps only the first rows. */
  reportTruncated: 'BLM_REPORT_TRUNCATED',
  /** Row: more or fewer fields than the definition names. */
  fieldCount: 'BLM_FIELD_COUNT',
  /** Row: a required column is blank. */
  missingField: 'BLM_MISSING_FIELD',
  /** Row: a value that is not a number, date or code where one is needed. */
  invalidValue: 'BLM_INVALID_VALUE',
  /** Row (a warning): the AGENT_REF of an earlier row of the same branch; the later row wins. */
  duplicateRef: 'BLM_DUPLICATE_AGENT_REF',
  /** Row (a warning): BRANCH_ID is not mapped to a branch, so the row went to the key's (or the chosen) branch. */
  branchNotMapped: 'BLM_BRANCH_NOT_MAPPED',
  /** Row (a warning): a text longer than Abode holds was cut at a word. */
  textShortened: 'BLM_TEXT_SHORTENED',
  /** Row (a warning): a media value that is neither a URL nor a file of the upload. */
  mediaNotFound: 'MEDIA_NOT_FOUND',
  /** Row (a warning): a media value Abode does not take (a `storage:` reference, an unsafe link, a HIP). */
  mediaRefused: 'MEDIA_REFUSED',
  /** Row (a warning): a virtual tour link that is not https, or one more than a listing holds. */
  tourIgnored: 'MEDIA_TOUR_IGNORED',
} as const;

/** Texts of the BLM routes' 4xx answers (the error catalogue reads them from here). */
export const BLM_MESSAGES = {
  fileMissing: 'Choose a .blm file, or a .zip holding one',
  blmTooLarge: `A .blm file can be at most ${BLM_MAX_BYTES / MB} MB: send larger files as a .zip`,
  zipTooLarge: `A .zip file can be at most ${BLM_ZIP_MAX_BYTES / MB} MB`,
  zipUnreadable: 'This .zip file could not be opened',
  zipBlmCount: 'The .zip must hold exactly one .blm file',
  zipUnsafeName: 'The .zip holds a file with an unsafe name (an absolute path or ..)',
  zipTooManyFiles: `A .zip can hold at most ${BLM_ZIP_MAX_ENTRIES.toLocaleString('en-GB')} files`,
  zipUnpackedTooLarge: `The files of a .zip can come to at most ${BLM_ZIP_MAX_UNPACKED_BYTES / MB} MB unpacked`,
  zipFileTooLarge: `Each file in a .zip can be at most ${BLM_ZIP_MAX_FILE_BYTES / MB} MB unpacked (the .blm ${BLM_ZIP_MAX_BLM_BYTES / MB} MB)`,
  branchUnknown: 'Choose one of your branches',
  withdrawAbsentInvalid: "Withdraw absent listings must be 'true' or 'false'",
  importNotFound: 'Import not found',
} as const;

/**
 * The Bulk upload form's fields beside the file (`POST /api/agent/feeds/blm`, multipart): the branch that rows
 * with an unmapped BRANCH_ID go to (default: the member's default branch), and whether listings of the file's
 * branches that the file no longer holds are withdrawn ('true', the default: a BLM is a full feed).
 */
export const BlmUploadFieldsSchema = z.object({
  branchId: z.uuid({ error: BLM_MESSAGES.branchUnknown }).optional(),
  withdrawAbsent: z
    .enum(['true', 'false'], { error: BLM_MESSAGES.withdrawAbsentInvalid })
    .optional()
    .transform((v) => v !== 'false'),
});
export type BlmUploadFields = z.input<typeof BlmUploadFieldsSchema>;

/** `GET /api/agent/feeds/imports/{id}`. */
export const FeedImportParamsSchema = z.object({ id: z.string() });
