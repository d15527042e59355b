/**
 * The synchronous check of a CRM's media URL before it is queued (ADR 030): the URLs a fetch could never take are
 * MEDIA_URL_REFUSED at once, with the reason in words; a BLM zip's `storage:feed-imports/…` files pass.
 */
import { describe, expect, test } from 'vitest';
import { FEED_MEDIA_MESSAGES } from './feed-media-messages.ts';
import { feedImportKeyOf, MEDIA_URL_REFUSED, precheckMediaUrl } from './precheck-media-url.ts';

describe('accepted', () => {
  test.each([
    'https://media.crm.example/branch12/ABC1/IMG_00.jpg',
    'http://images.example.co.uk/p/123.png?size=large',
    'https://[2a00:1450:4009:81f::200e]/photo.jpg',
    'https://142.250.187.206/photo.jpg',
    'storage:feed-imports/5b7f0c3e/abc1_img_00.jpg',
  ])('%s', (url) => {
    expect(precheckMediaUrl(url)).toBeNull();
  });
});

describe('refused, with the reason', () => {
  test.each([
    ['not a URL', 'IMG_00.jpg', FEED_MEDIA_MESSAGES.notAUrl],
    ['too long', `https://media.crm.example/${'a'.repeat(2_000)}.jpg`, FEED_MEDIA_MESSAGES.urlTooLong],
    ['ftp', 'ftp://media.crm.example/photo.jpg', FEED_MEDIA_MESSAGES.badScheme],
    ['file', 'file:///etc/passwd', FEED_MEDIA_MESSAGES.badScheme],
    ['javascript', 'javascript:alert(1)', FEED_MEDIA_MESSAGES.badScheme],
    ['credentials', 'https://crm:secret@media.crm.example/photo.jpg', FEED_MEDIA_MESSAGES.credentials],
    ['loopback', 'http://127.0.0.1/photo.jpg', FEED_MEDIA_MESSAGES.blockedAddress],
    ['localhost', 'http://localhost:3000/photo.jpg', FEED_MEDIA_MESSAGES.blockedAddress],
    ['IPv6 loopback', 'http://[::1]/photo.jpg', FEED_MEDIA_MESSAGES.blockedAddress],
    ['private', 'http://10.0.0.1/photo.jpg', FEED_MEDIA_MESSAGES.blockedAddress],
    ['private 172.16', 'http://172.20.1.1/photo.jpg', FEED_MEDIA_MESSAGES.blockedAddress],
    ['link-local', 'http://169.254.169.254/latest/meta-data/', FEED_MEDIA_MESSAGES.blockedAddress],
    ['carrier-grade NAT', 'http://100.64.0.1/photo.jpg', FEED_MEDIA_MESSAGES.blockedAddress],
    [
      'a storage file outside the imports',
      'storage:properties/abc/photo-800.webp',
      FEED_MEDIA_MESSAGES.badScheme,
    ],
    ['a storage path that climbs', 'storage:feed-imports/../secrets', FEED_MEDIA_MESSAGES.badScheme],
  ])('%s', (_name, url, message) => {
    expect(precheckMediaUrl(url)).toEqual({ code: MEDIA_URL_REFUSED, message });
  });
});

test('feedImportKeyOf gives the Storage key of an import file only', () => {
  expect(feedImportKeyOf('storage:feed-imports/a/b.jpg')).toBe('feed-imports/a/b.jpg');
  expect(feedImportKeyOf('storage:agents/a/logo.webp')).toBeNull();
  expect(feedImportKeyOf('https://media.crm.example/b.jpg')).toBeNull();
});
