/**
 * The record of the imported OS Code-Point Open release in app_meta (written by `importCodePoint`, read by the demo's
 * `loadReferenceData`, which then has nothing to add).
 */

/** app_meta key of the imported release ({@link PostcodeRelease}). */
export const POSTCODE_RELEASE_KEY = 'postcode_release';

/** What app_meta 'postcode_release' records. */
export interface PostcodeRelease {
  /** The zip's file name, e.g. 'codepo_gb.zip'. */
  file: string;
  /** OS's version from Doc/metadata.txt, e.g. '2014.3.0'. */
  version: string | null;
  postcodes: number;
  /** Units skipped because OS has no coordinates for them (positional quality 90). */
  noCoordinates: number;
  outcodes: number;
  adminAreas: number;
  /** ISO timestamp. */
  importedAt: string;
}
