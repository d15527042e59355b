/**
 * A `.zip` upload of a BLM file and its media (REQ-FEED-07), opened without unpacking it to disk (yauzl, as the
 * postcode import reads Code-Point Open). Refused before anything is unpacked, on the zip's own directory:
 * - more than BLM_ZIP_MAX_ENTRIES files, or files that together unpack to more than BLM_ZIP_MAX_UNPACKED_BYTES, or one
 *   media file over BLM_ZIP_MAX_FILE_BYTES (the .blm over BLM_ZIP_MAX_BLM_BYTES): 413;
 * - an entry name with `..`, an absolute path or a drive letter (zip slip), or not exactly one `.blm`: 400.
 * The sizes the directory declares are enforced while unpacking too (yauzl's validateEntrySizes), so a zip that
 * understates them fails rather than unpacks more.
 *
 * Media files are stored only when a row names them, once each, under `feed-imports/{agencyId}/{sha256}-{name}`:
 * named by their content, so the same photo sent again the next day has the same URL and is not fetched again,
 * and the listing's feed hash stays 'unchanged'.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  BLM_MESSAGES,
  BLM_ZIP_MAX_BLM_BYTES,
  BLM_ZIP_MAX_ENTRIES,
  BLM_ZIP_MAX_FILE_BYTES,
  BLM_ZIP_MAX_UNPACKED_BYTES,
} from '@abode/shared/feeds/blm/blm-import.schema';
import { AppError } from '#src/errors/app-error.ts';
import type { Storage } from '#src/lib/storage.ts';
import { readEntries } from '#src/lib/zip.ts';
import { STORAGE_URL_SCHEME, type BlmUploadFiles } from './blm-media.ts';

/** The storage folder of files unpacked from uploads. */
export const FEED_IMPORTS_PREFIX = 'feed-imports';

/** A zip's first bytes ('PK\x03\x04'; an empty zip starts 'PK\x05\x06'). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05);
}

/** An open zip upload: its `.blm` as a stream, and its other files to store by name. Call `close()` when done. */
export interface BlmZip {
  blmName: string;
  openBlm(): Promise<Readable>;
  files: BlmUploadFiles;
  close(): void;
}

const invalid = (message: string) => new AppError('VALIDATION_ERROR', message);
const tooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);

/** True for a name that would write outside the folder it is unpacked into. */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name.includes('\0') ||
    name.includes('\\') ||
    name.startsWith('/') ||
    /^[a-z]:/i.test(name) ||
    name.split('/').some((segment) => segment === '..')
  );
}

/** Folders, and the resource-fork copies macOS adds ('__MACOSX/…', '._photo.jpg'), are not files of the upload. */
const isIgnored = (entry: Entry) =>
  entry.fileName.endsWith('/') ||
  entry.fileName.startsWith('__MACOSX/') ||
  path.posix.basename(entry.fileName).startsWith('._');

/** A storage key's last segment for `name`: lower case letters, digits, '.', '_' and '-' (storage.ts keys). */
export function safeFileName(name: string): string {
  const cleaned = path.posix
    .basename(name)
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-80);
  return cleaned || 'file';
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.pdf': 'application/pdf',
};

/**
 * Opens the zip in `bytes` and checks it (see the file comment); throws AppError 400 or 413 with BLM_MESSAGES.
 * Files are stored through `storage` for agency `agencyId`.
 */
export async function openBlmZip(bytes: Buffer, storage: Storage, agencyId: string): Promise<BlmZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, z) =>
      error || !z ? reject(invalid(BLM_MESSAGES.zipUnreadable)) : resolve(z),
    ),
  );
  try {
    if (zip.entryCount > BLM_ZIP_MAX_ENTRIES) throw invalid(BLM_MESSAGES.zipTooManyFiles);
    const entries = await readEntries(zip).catch((error: unknown) => {
      // yauzl refuses absolute and '..' names itself; anything else it cannot read is a damaged zip.
      throw invalid(
        /path|fileName/i.test(String(error)) ? BLM_MESSAGES.zipUnsafeName : BLM_MESSAGES.zipUnreadable,
      );
    });
    if (entries.some((e) => isUnsafeEntryName(e.fileName))) throw invalid(BLM_MESSAGES.zipUnsafeName);
    const files = entries.filter((e) => !isIgnored(e));
    const blms = files.filter((e) => /\.blm$/i.test(e.fileName));
    if (blms.length !== 1) throw invalid(BLM_MESSAGES.zipBlmCount);
    const blm = blms[0]!;
    if (files.reduce((sum, e) => sum + e.uncompressedSize, 0) > BLM_ZIP_MAX_UNPACKED_BYTES)
      throw tooLarge(BLM_MESSAGES.zipUnpackedTooLarge);
    if (
      blm.uncompressedSize > BLM_ZIP_MAX_BLM_BYTES ||
      files.some((e) => e !== blm && e.uncompressedSize > BLM_ZIP_MAX_FILE_BYTES)
    )
      throw tooLarge(BLM_MESSAGES.zipFileTooLarge);

    const read = (entry: Entry) =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))),
      );
    const byName = new Map(files.map((e) => [e.fileName, e]));
    const byBaseName = new Map<string, Entry | null>();
    for (const e of files) {
      const base = path.posix.basename(e.fileName).toLowerCase();
      byBaseName.set(base, byBaseName.has(base) ? null : e);
    }
    const stored = new Map<string, Promise<string | null>>();
    const store = async (entry: Entry): Promise<string | null> => {
      let body: Buffer;
      try {
        body = await buffer(await read(entry));
      } catch {
        // Encrypted, damaged, or bigger than its directory entry says: as if it were not there.
        return null;
      }
      const name = safeFileName(entry.fileName);
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 32);
      const key = `${FEED_IMPORTS_PREFIX}/${agencyId}/${hash}-${name}`;
      if (!(await storage.list(key)).includes(key))
        await storage.put(key, body, CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
      return `${STORAGE_URL_SCHEME}${key}`;
    };
    return {
      blmName: blm.fileName,
      openBlm: () => read(blm),
      files: {
        store(name) {
          const wanted = name.trim().replace(/^\.\//, '');
          const entry =
            byName.get(wanted) ??
            (isUnsafeEntryName(wanted)
              ? undefined
              : byBaseName.get(path.posix.basename(wanted).toLowerCase()));
          if (!entry || entry === blm) return Promise.resolve(null);
          let result = stored.get(entry.fileName);
          if (!result) {
            result = store(entry);
            stored.set(entry.fileName, result);
          }
          return result;
        },
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
