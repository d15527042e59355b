/**
 * The S3 upload storage (REQ-AGENT-09 "S3-compatible storage when configured") against s3rver, an in-process
 * S3-compatible server on a random local port: the Storage contract (put/get/delete/list with prefix and
 * pagination, missing key → null), the object metadata (content type, immutable Cache-Control), the optional
 * folder prefix, and a photo uploaded through the agent API stored in the bucket and served at /media/uploads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AgentPhotoSchema } from '@abode/shared/agent/photos.schema';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { propertyPhotos } from '#src/db/schema.ts';
import { ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { createS3Storage, IMMUTABLE_CACHE_CONTROL, type S3StorageOptions } from './storage-s3.ts';

const BUCKET = 'abode-test';
// s3rver accepts exactly these credentials (and checks the request signature with them).
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * s3rver 3.7 makes its ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17+) no longer offers, so
 * every listing longer than one page fails with a 500. The tokens are opaque to the client: inside this test process
 * 'des' becomes AES-128-CBC with the 8-byte key and IV doubled, for both ends of the token.
 */
function shimDesForS3rver(): () => void {
  const { createCipheriv, createDecipheriv } = crypto;
  const widen = (b: crypto.BinaryLike) => Buffer.concat([Buffer.from(b as Buffer), Buffer.from(b as Buffer)]);
  const patched = crypto as unknown as Record<'createCipheriv' | 'createDecipheriv', unknown>;
  patched.createCipheriv = (algorithm: string, key: crypto.BinaryLike, iv: crypto.BinaryLike) =>
    algorithm === 'des'
      ? createCipheriv('aes-128-cbc', widen(key), widen(iv))
      : createCipheriv(algorithm, key, iv);
  patched.createDecipheriv = (algorithm: string, key: crypto.BinaryLike, iv: crypto.BinaryLike) =>
    algorithm === 'des'
      ? createDecipheriv('aes-128-cbc', widen(key), widen(iv))
      : createDecipheriv(algorithm, key, iv);
  return () => {
    patched.createCipheriv = createCipheriv;
    patched.createDecipheriv = createDecipheriv;
  };
}

let restoreCrypto: () => void;
let server: S3rver;
let serverDir: string;
let options: S3StorageOptions;
let raw: S3Client;

beforeAll(async () => {
  restoreCrypto = shimDesForS3rver();
  serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: serverDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  options = { bucket: BUCKET, region: 'eu-west-2', endpoint, ...CREDENTIALS };
  raw = new S3Client({ region: 'eu-west-2', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
});
afterAll(async () => {
  raw?.destroy();
  await server?.close();
  fs.rmSync(serverDir, { recursive: true, force: true });
  restoreCrypto?.();
});

/** Every object key in the bucket, sorted (straight from S3, not through the storage). */
async function bucketKeys(): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await raw.send(
      new ListObjectsV2Command({ Bucket: BUCKET, ...(token ? { ContinuationToken: token } : {}) }),
    );
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

describe('createS3Storage', () => {
  test('puts, gets, lists by prefix and deletes objects; a missing key reads as null', async () => {
    const storage = createS3Storage(options);
    await storage.put('properties/p1/a-800.webp', new Uint8Array([1, 2]), 'image/webp');
    await storage.put('properties/p1/a-400.webp', new Uint8Array([3]), 'image/webp');
    await storage.put('properties/p1/b-400.webp', new Uint8Array([4]), 'image/webp');
    await storage.put('properties/p2/a-400.webp', new Uint8Array([5]), 'image/webp');
    await storage.put('agents/x/logo-1.png', new Uint8Array([6]), 'image/png');

    const file = await storage.get('properties/p1/a-800.webp');
    expect(file).not.toBeNull();
    expect(Array.from(file!.body)).toEqual([1, 2]);
    expect(file!.contentType).toBe('image/webp');
    expect((await storage.get('agents/x/logo-1.png'))?.contentType).toBe('image/png');

    // Objects carry the content type and the immutable Cache-Control, for a CDN in front of the bucket.
    const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'properties/p1/a-800.webp' }));
    expect(head.ContentType).toBe('image/webp');
    expect(head.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);

    expect(await storage.list('properties/p1/a-')).toEqual([
      'properties/p1/a-400.webp',
      'properties/p1/a-800.webp',
    ]);
    expect(await storage.list('properties/p1/')).toEqual([
      'properties/p1/a-400.webp',
      'properties/p1/a-800.webp',
      'properties/p1/b-400.webp',
    ]);
    expect(await storage.list('properties/none/')).toEqual([]);

    expect(await storage.get('properties/p1/missing.webp')).toBeNull();
    expect(await storage.get('../outside.webp')).toBeNull();
    await expect(storage.put('../escape.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      /Invalid storage key/,
    );

    await storage.delete('properties/p1/a-800.webp');
    await storage.delete('properties/p1/a-800.webp'); // missing: no error
    expect(await storage.get('properties/p1/a-800.webp')).toBeNull();
    expect(await storage.list('properties/p1/a-')).toEqual(['properties/p1/a-400.webp']);

    // URLs are the app's own, exactly as with the disk storage.
    const url = storage.urlOf('agents/x/logo-1.png');
    expect(url).toBe('/media/uploads/agents/x/logo-1.png');
    expect(storage.keyOf(url)).toBe('agents/x/logo-1.png');
    expect(storage.keyOf('/media/demo/house.svg')).toBeNull();
    expect(storage.keyOf('https://bucket.example.org/agents/x/logo-1.png')).toBeNull();
  });

  test('list follows continuation tokens past one page of 1000 keys and returns the keys sorted', async () => {
    const storage = createS3Storage(options);
    const keys = Array.from({ length: 1005 }, (_, i) => `bulk/k${String(i).padStart(4, '0')}.webp`);
    // Written in reverse, so a sorted answer is the storage's doing.
    for (let i = keys.length - 1; i >= 0; i -= 50)
      await Promise.all(
        keys
          .slice(Math.max(0, i - 49), i + 1)
          .map((key) => storage.put(key, new Uint8Array([1]), 'image/webp')),
      );
    const listed = await storage.list('bulk/');
    expect(listed).toHaveLength(1005);
    expect(listed).toEqual(keys);
  });

  test('a prefix keeps Abode’s objects in a folder of the bucket, invisible to the keys', async () => {
    const storage = createS3Storage({ ...options, prefix: '/tenants/abode/' });
    await storage.put('properties/p9/x-400.webp', new Uint8Array([9]), 'image/webp');
    expect(await bucketKeys()).toContain('tenants/abode/properties/p9/x-400.webp');
    expect(await storage.list('properties/p9/')).toEqual(['properties/p9/x-400.webp']);
    expect(Array.from((await storage.get('properties/p9/x-400.webp'))!.body)).toEqual([9]);
    expect(storage.urlOf('properties/p9/x-400.webp')).toBe('/media/uploads/properties/p9/x-400.webp');
    // Without the prefix the object is not at the plain key.
    expect(await createS3Storage(options).get('properties/p9/x-400.webp')).toBeNull();
    await storage.delete('properties/p9/x-400.webp');
    expect(await bucketKeys()).not.toContain('tenants/abode/properties/p9/x-400.webp');
  });

  test('errors other than a missing object are thrown (a bucket that does not exist)', async () => {
    const storage = createS3Storage({ ...options, bucket: 'no-such-bucket' });
    await expect(storage.get('properties/p1/a-400.webp')).rejects.toThrow();
    await expect(
      storage.put('properties/p1/a-400.webp', new Uint8Array([1]), 'image/webp'),
    ).rejects.toThrow();
  });
});

describe('createApp with the S3 storage', () => {
  let handle: DatabaseHandle;
  let uploadsDir: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-s3-app-'));
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  test('an agent’s photo upload lands in the bucket and /media/uploads serves it from there, immutable', async () => {
    const storage = createS3Storage({ ...options, prefix: 'app' });
    // uploadsDir is given too: the storage option must win, so nothing may appear in that folder.
    const app = createApp({ db: handle.db, storage, uploadsDir });
    const user = await signedInUser(app, handle.db, { role: 'agent' });
    const [agent] = await branchesOfUser(handle.db, user.userId);
    const listing = await createListing(handle.db, agent!.id);

    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new File([new Uint8Array(jpeg)], 'front.jpg', { type: 'image/jpeg' }));
    const res = await app.request(`/api/agent/properties/${listing.id}/photos`, {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: user.cookie },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const photo = AgentPhotoSchema.parse(await readJson(res));
    expect(photo.variants.map((v) => v.width)).toEqual([1200, 800, 400]);

    // The three WebP sizes are objects in the bucket, under the prefix, with the photo's storage key.
    const [row] = await handle.db.select().from(propertyPhotos).where(eq(propertyPhotos.id, photo.id));
    const objectKeys = photo.variants.map((v) => `app/${v.url.slice('/media/uploads/'.length)}`);
    expect(objectKeys).toEqual([1200, 800, 400].map((w) => `app/${row!.storageKey}-${w}.webp`));
    const inBucket = await bucketKeys();
    for (const key of objectKeys) expect(inBucket).toContain(key);
    expect(fs.readdirSync(uploadsDir)).toEqual([]);

    for (const variant of photo.variants) {
      expect(variant.url).toMatch(/^\/media\/uploads\/properties\//);
      const served = await app.request(variant.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('Content-Type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());
      const object = await raw.send(
        new GetObjectCommand({ Bucket: BUCKET, Key: `app/${variant.url.slice('/media/uploads/'.length)}` }),
      );
      expect(bytes.equals(Buffer.from(await object.Body!.transformToByteArray()))).toBe(true);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', variant.width, variant.height]);
    }

    // Deleting the photo removes its objects from the bucket, and the URL stops serving.
    const deleted = await app.request(`/api/agent/properties/${listing.id}/photos/${photo.id}`, {
      method: 'DELETE',
      headers: { Origin: ORIGIN, Cookie: user.cookie },
    });
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
    const after = await bucketKeys();
    for (const key of objectKeys) expect(after).not.toContain(key);
    expect((await app.request(photo.url)).status).toBe(404);
  });
});
