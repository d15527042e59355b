/**
 * Uploaded files in an S3-compatible bucket (ADR 012 Images: "S3-compatible storage when `S3_BUCKET` is set"):
 * AWS S3, MinIO, Cloudflare R2, Backblaze B2, … — anything that speaks PutObject/GetObject/DeleteObject/ListObjectsV2.
 *
 * The bucket stays private: files are still served by the app at `/media/uploads/{key}` (app.ts reads them with
 * `get`), so photo URLs are the same as with the disk storage, existing URLs keep working after a switch (once the
 * files are copied to the bucket), and the Content-Security-Policy stays same-origin. Keys are never reused, so the
 * app sends `Cache-Control: public, max-age=31536000, immutable`; a CDN or caching proxy can front `/media/uploads/`
 * to take the load off the app. The objects carry the same Cache-Control, for a CDN pointed at the bucket itself.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertKey, isValidKey, type Storage, uploadsKeyOf, uploadsUrlOf } from './storage.ts';

/** Where the bucket is and how to reach it (env.ts maps the `S3_*` variables to this). */
export interface S3StorageOptions {
  /** Bucket name (S3_BUCKET). */
  bucket: string;
  /** Region used to sign requests (S3_REGION), e.g. `eu-west-2`; `auto` for Cloudflare R2. */
  region: string;
  /** Endpoint of a non-AWS service (S3_ENDPOINT), e.g. `http://127.0.0.1:9000` for MinIO; default: AWS S3. */
  endpoint?: string;
  /** Address the bucket as `{endpoint}/{bucket}/…` rather than `{bucket}.{endpoint}/…` (MinIO needs this). */
  forcePathStyle?: boolean;
  /** Access key (S3_ACCESS_KEY_ID); without both keys the SDK's default credential chain is used (IAM role, …). */
  accessKeyId?: string;
  /** Secret key (S3_SECRET_ACCESS_KEY). */
  secretAccessKey?: string;
  /** Folder inside the bucket for Abode's files (S3_PREFIX), e.g. `abode/`; default: the bucket's root. */
  prefix?: string;
}

/** Objects never change once written (every upload gets a new key): same header as app.ts sends. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** ListObjectsV2 returns at most 1000 keys a page. */
const PAGE_SIZE = 1000;

/** The object prefix in canonical form: no leading slash, one trailing slash, or '' for the bucket's root. */
function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

/**
 * True for the "no such object" answers of S3 and of the compatible services (some send a bare 404). A missing
 * bucket is also a 404 but a configuration error, so it is thrown.
 */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  if (error instanceof S3ServiceException)
    return error.name !== 'NoSuchBucket' && error.$metadata.httpStatusCode === 404;
  return false;
}

/**
 * A {@link Storage} on an S3-compatible bucket. `put` stores the content type and the immutable Cache-Control;
 * `get` returns null for a missing object (or an invalid key, without asking S3); `delete` of a missing object is
 * not an error; `list` follows ListObjectsV2 continuation tokens and returns the keys sorted. Other S3 errors
 * (credentials, network, missing bucket) are thrown, so the route answers 500 and the log says why.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const custom = Boolean(options.endpoint);
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? custom,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Some S3-compatible services (older MinIO, Ceph, B2, test fakes) reject the SDK's default CRC32 checksum on
    // every request, so with a custom endpoint checksums are sent only where the S3 API requires them.
    ...(custom
      ? {
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
  const bucket = options.bucket;
  const root = normalisePrefix(options.prefix);
  const objectKey = (key: string) => {
    assertKey(key);
    return `${root}${key}`;
  };

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        return {
          body: await res.Body.transformToByteArray(),
          contentType: res.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (error) {
        // S3 answers 204 for a missing key; some compatible services answer 404.
        if (!isMissing(error)) throw error;
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${root}${prefix}`,
            MaxKeys: PAGE_SIZE,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(root.length);
          // Objects someone else put under the prefix with keys Abode would never make are not Abode's files.
          if (key && isValidKey(key)) keys.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    urlOf: uploadsUrlOf,
    keyOf: uploadsKeyOf,
  };
}
