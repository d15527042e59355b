import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { createDiskStorage, isValidKey } from './storage.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'abode-storage-test-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

test('keys are relative, lower-case paths without traversal', () => {
  expect(isValidKey('properties/abc/1-800.webp')).toBe(true);
  for (const bad of ['../x.webp', 'a/../b.webp', '/etc/passwd', 'a//b', 'A.webp', 'a\\b', 'a/./b', '', 'a b'])
    expect(isValidKey(bad), bad).toBe(false);
});

test('the disk storage writes, reads, lists by prefix, deletes, and maps URLs to keys', async () => {
  const storage = createDiskStorage(root);
  await storage.put('properties/p1/a-800.webp', new Uint8Array([1, 2]), 'image/webp');
  await storage.put('properties/p1/a-400.webp', new Uint8Array([3]), 'image/webp');
  await storage.put('properties/p1/b-400.webp', new Uint8Array([4]), 'image/webp');
  expect(fs.readFileSync(path.join(root, 'properties', 'p1', 'a-800.webp'))).toEqual(Buffer.from([1, 2]));

  expect(await storage.list('properties/p1/a-')).toEqual([
    'properties/p1/a-400.webp',
    'properties/p1/a-800.webp',
  ]);
  expect(await storage.list('properties/none/')).toEqual([]);
  const file = await storage.get('properties/p1/b-400.webp');
  expect(file?.contentType).toBe('image/webp');
  expect(await storage.get('../outside.webp')).toBeNull();

  await storage.delete('properties/p1/a-800.webp');
  await storage.delete('properties/p1/a-800.webp'); // missing: no error
  expect(await storage.get('properties/p1/a-800.webp')).toBeNull();
  await expect(storage.put('../escape.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow();

  const url = storage.urlOf('agents/x/logo-1.webp');
  expect(url).toBe('/media/uploads/agents/x/logo-1.webp');
  expect(storage.keyOf(url)).toBe('agents/x/logo-1.webp');
  expect(storage.keyOf('/media/demo/house.svg')).toBeNull();
  expect(storage.keyOf('https://example.com/logo.png')).toBeNull();
});
