/**
 * Imports a release of OS Code-Point Open (codepo_gb.zip as Ordnance Survey distributes it) into the `postcodes`,
 * `outcodes` and `admin_areas` tables, replacing the previous release whole (REQ-PLACE-05; `npm run
 * db:import-postcodes`, docs/postcodes.md):
 * - every postcode unit with coordinates, placed in WGS84 (osgb.ts), with its positional quality and its country,
 *   county, district and ward codes; units without coordinates (quality 90) are skipped and counted;
 * - the code list (names of the GSS codes) from the zip's Doc/Codelist.xls(x);
 * - outcode centroids recomputed from the units (mean position, count);
 * - listings re-placed: those whose postcode the release knows get its exact position, `location_approximate`
 *   false and its district code; those still unknown move to their outcode's new centroid;
 * - the release recorded in app_meta 'postcode_release', then the places rebuilt (`refreshPlaces`).
 * Atomic (postcode-tables.ts): a failure leaves the previous release in place; running it again is safe.
 */
import path from 'node:path';
import type { Database } from '#src/db/client.ts';
import { refreshPlaces } from '#src/features/locations/refresh-places.ts';
import { placeUnit, type PostcodeRow } from './code-point-csv.ts';
import { NotCodePointZipError, openCodePointZip } from './code-point-zip.ts';
import { withLoadSession, type LoadSession } from './load-session.ts';
import { POSTCODE_RELEASE_KEY, type PostcodeRelease } from './postcode-release.ts';
import {
  dropStagedPostcodes,
  indexStagedPostcodes,
  stagePostcodes,
  swapInPostcodes,
  withImportLock,
} from './postcode-tables.ts';

/** The import's steps, in order; `reading` reports bytes as it goes. */
export type ImportStage = 'reading' | 'indexing' | 'swapping' | 'places';

/** Where an import is, for a progress bar. */
export interface ImportProgress {
  stage: ImportStage;
  /** Uncompressed bytes of the area files read so far, and in all (the `reading` stage's measure). */
  bytesRead: number;
  bytesTotal: number;
  /** Units read so far (with and without coordinates). */
  units: number;
}

/** What an import did: the release recorded in app_meta, and what it changed besides. */
export interface ImportCodePointResult extends PostcodeRelease {
  /** Listings given their postcode's position, district code and `location_approximate` false (where one changed). */
  listingsPlaced: number;
  /** Listings still at an outcode centroid that moved with the recomputed centroid. */
  listingsRecentred: number;
  /** Places of each kind after the rebuild. */
  places: Record<string, number>;
  /** The import's time, rebuilding the places included. */
  ms: number;
}

/**
 * Imports the Code-Point Open zip `file` (see the module comment). `onProgress` is called as the import goes (many
 * times while reading; throttle before drawing). Throws NotCodePointZipError for another zip (or one without a
 * placed postcode), CodePointFormatError for a damaged row and ImportRunningError while another import runs; the
 * previous release then stays.
 */
export async function importCodePoint(options: {
  db: Database;
  file: string;
  onProgress?: (progress: ImportProgress) => void;
  now?: () => Date;
}): Promise<ImportCodePointResult> {
  const { db, file } = options;
  const started = performance.now();
  const zip = await openCodePointZip(file);
  const progress: ImportProgress = { stage: 'reading', bytesRead: 0, bytesTotal: zip.totalBytes, units: 0 };
  const report = (stage: ImportStage) => {
    progress.stage = stage;
    options.onProgress?.({ ...progress });
  };
  let noCoordinates = 0;
  async function* placed(): AsyncGenerator<PostcodeRow> {
    for await (const unit of zip.units((bytes) => {
      progress.bytesRead += bytes;
      report('reading');
    })) {
      progress.units += 1;
      const row = placeUnit(unit);
      if (row) yield row;
      else noCoordinates += 1;
    }
  }

  let imported: Omit<ImportCodePointResult, 'places' | 'ms'>;
  try {
    imported = await withLoadSession(db, (session) =>
      withImportLock(session, async () => {
        try {
          report('reading');
          const postcodes = await stagePostcodes(session, placed());
          if (!postcodes) throw new NotCodePointZipError(file, 'it has no postcode with coordinates');
          report('indexing');
          await indexStagedPostcodes(session);
          report('swapping');
          return await session.transaction(async (tx) => {
            const { outcodes } = await swapInPostcodes(tx, zip.codeList);
            const release: PostcodeRelease = {
              file: path.basename(file),
              version: zip.version ?? null,
              postcodes,
              noCoordinates,
              outcodes,
              adminAreas: zip.codeList.length,
              importedAt: (options.now?.() ?? new Date()).toISOString(),
            };
            const listings = await placeListings(tx);
            await tx.query(
              `INSERT INTO app_meta (key, value, updated_at) VALUES ($1, $2::jsonb, now())
               ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
              [POSTCODE_RELEASE_KEY, JSON.stringify(release)],
            );
            return { ...release, ...listings };
          });
        } catch (error) {
          await dropStagedPostcodes(session);
          throw error;
        }
      }),
    );
  } finally {
    zip.close();
  }
  report('places');
  const places = await refreshPlaces(db);
  return { ...imported, places, ms: Math.round(performance.now() - started) };
}

/**
 * An approximate pin is moved to its outcode's new centroid only when that is further than this (degrees, about
 * 10 m): a finer move means nothing for a pin that is kilometres from the home, and rewriting a listing row is not
 * free (its search columns are recomputed: 2,700 demo listings took 10 s on PGlite for sub-metre moves).
 */
const RECENTRE_DEGREES = 0.0001;

/**
 * In the import's transaction: listings whose postcode the new release has get its position, district code and
 * `location_approximate` false (only those where something changes, so the search engine reloads no more than
 * that); listings whose postcode it lacks keep their district code and, when approximate, follow their outcode's
 * recomputed centroid when it moved. Agents never set a listing's position (locate-postcode.ts), so nothing here
 * overrides them.
 */
async function placeListings(
  tx: LoadSession,
): Promise<{ listingsPlaced: number; listingsRecentred: number }> {
  const [exact] = await tx.query<{ n: number }>(`
    WITH placed AS (
      UPDATE properties p
         SET latitude = pc.latitude, longitude = pc.longitude, location_approximate = false,
             district_code = pc.district_code
        FROM postcodes pc
       WHERE pc.postcode = p.postcode
         AND (p.location_approximate OR p.latitude IS DISTINCT FROM pc.latitude
              OR p.longitude IS DISTINCT FROM pc.longitude OR p.district_code IS DISTINCT FROM pc.district_code)
      RETURNING 1)
    SELECT count(*)::int AS n FROM placed`);
  const [recentred] = await tx.query<{ n: number }>(
    `
    WITH moved AS (
      UPDATE properties p SET latitude = o.latitude, longitude = o.longitude
        FROM outcodes o
       WHERE p.location_approximate AND o.outcode = p.outcode
         AND (p.latitude IS NULL OR p.longitude IS NULL
              OR abs(p.latitude - o.latitude) > $1 OR abs(p.longitude - o.longitude) > $1)
      RETURNING 1)
    SELECT count(*)::int AS n FROM moved`,
    [RECENTRE_DEGREES],
  );
  return { listingsPlaced: Number(exact!.n), listingsRecentred: Number(recentred!.n) };
}
