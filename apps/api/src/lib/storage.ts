/**
 * Where uploaded files live (ADR 012 Images: `DATA_DIR/uploads`, or S3-compatible storage later). Files are
 * addressed by a key such as `properties/{propertyId}/{photoId}-800.webp`; keys are never reused (every upload gets
 * a new id), so the files can be served as immutable. An S3 driver implements the same {@link Storage} interface
 * (put = PutObject, get = GetObject, delete = DeleteObject, list = ListObjectsV2 with a prefix): storage-s3.ts. Both
 * drivers serve their files through the app at `/media/uploads/{key}` ({@link uploadsUrlOf}/{@link uploadsKeyOf}), so
 * photo URLs stay the same whichever driver stores them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** A stored file as read back. */
export interface StoredFile {
  body: Uint8Array;
  contentType: string;
}

export interface Storage {
  /** Writes (or replaces) the file at `key`. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file at `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file at `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Keys that start with `prefix` (e.g. `properties/{id}/` or `properties/{id}/{photoId}-`), sorted. */
  list(prefix: string): Promise<string[]>;
  /** The URL the browser loads the file from. */
  urlOf(key: string): string;
  /** The key of a URL made by `urlOf`, or null when the URL is not one of this storage's files. */
  keyOf(url: string): string | null;
}

/** URL path under which the disk storage's files are served (app.ts). */
export const UPLOADS_URL_PREFIX = '/media/uploads/';

/** The URL path at which the app serves the file at `key` (app.ts); throws on an invalid key. */
export function uploadsUrlOf(key: string): string {
  assertKey(key);
  return `${UPLOADS_URL_PREFIX}${key}`;
}

/** The key of a URL made by {@link uploadsUrlOf}, or null when the URL is not an uploaded file's. */
export function uploadsKeyOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null;
  const key = url.slice(UPLOADS_URL_PREFIX.length);
  return isValidKey(key) ? key : null;
}

/** Keys are lower-case path segments of letters, digits, '-', '_' and '.', never '.' or '..' segments. */
const KEY_PATTERN = /^(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*$/;

/** True when `key` is a safe storage key (no traversal, no absolute paths, no odd characters). */
export function isValidKey(key: string): boolean {
  return key.length <= 300 && KEY_PATTERN.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}

/** Throws when `key` is not a valid storage key (see {@link isValidKey}). */
export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  // Floor plans, EPC certificates and brochures (REQ-LISTING-16), served as downloads (app.ts).
  '.pdf': 'application/pdf',
};

/**
 * Files on the local disk under `root` (DATA_DIR/uploads in production, a temp folder in tests), served by the app
 * at `/media/uploads/{key}`. Folders are made on the first write, so an unused storage leaves nothing behind.
 */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const body = await fs.readFile(fileOf(key));
        return {
          body,
          contentType: CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const slash = prefix.lastIndexOf('/');
      const folder = slash === -1 ? '' : prefix.slice(0, slash);
      const start = prefix.slice(slash + 1);
      if (folder) assertKey(folder);
      let names: string[];
      try {
        names = await fs.readdir(folder ? path.join(root, ...folder.split('/')) : root);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return names
        .filter((name) => name.startsWith(start) && !name.endsWith('.tmp'))
        .map((name) => (folder ? `${folder}/${name}` : name))
        .sort();
    },
    urlOf: uploadsUrlOf,
    keyOf: uploadsKeyOf,
  };
}
