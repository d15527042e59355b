/**
 * The /api body limit (REQ-SEC-07) through HTTP: 64 KB by default, refused by Content-Length before reading, counted
 * while streaming when the length is missing or wrong (and never read far past the limit), the uploads' own larger
 * limits, deeply nested JSON, and — on a real socket — a 413 that does not wait for the body.
 */
import type { Server } from 'node:http';
import net from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import { createApp } from '#src/app.ts';
import type { DatabaseHandle } from '#src/db/client.ts';
import { enquiries } from '#src/db/schema.ts';
import { ORIGIN, signedInUser } from '#src/features/auth/auth-test-helpers.ts';
import { branchesOfUser, createListing } from '#src/testing/fixtures.ts';
import { readJson } from '#src/testing/http.ts';
import { createTestDatabase } from '#src/testing/test-db.ts';
import { DEFAULT_BODY_LIMIT_BYTES } from './body-limit.ts';

let handle: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let agent: { cookie: string; agentId: string };
let listingId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  // Each request below comes from its own address, so the enquiry form's 5 per IP never answers first.
  app = createApp({ db: handle.db, trustProxy: true });
  const user = await signedInUser(app, handle.db, { role: 'agent' });
  const [row] = await branchesOfUser(handle.db, user.userId);
  agent = { cookie: user.cookie, agentId: row!.id };
  listingId = (await createListing(handle.db, agent.agentId)).id;
});
afterAll(async () => {
  await handle?.close();
});

const TOO_LARGE = { error: { code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.validation } };

/** An enquiry whose message makes the JSON body `bytes` long. */
function enquiryOf(bytes: number): string {
  const base = { propertyId: listingId, name: 'Jo Bloggs', email: 'jo@example.com', message: '' };
  return JSON.stringify({ ...base, message: 'a'.repeat(bytes - JSON.stringify(base).length) });
}

let address = 0;
function post(path: string, body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  address += 1;
  return app.request(path, {
    method: 'POST',
    headers: {
      Origin: ORIGIN,
      'Content-Type': 'application/json',
      'X-Forwarded-For': `198.51.100.${address}`,
      ...headers,
    },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * A body that produces `total` bytes of `fill` in 16 KB chunks only when read (no read-ahead), recording how many
 * bytes were pulled.
 */
function lazyBody(total: number, fill = 'a') {
  const chunk = new TextEncoder().encode(fill.repeat(16 * 1024));
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        const part = chunk.subarray(0, Math.min(chunk.byteLength, total - state.pulled));
        state.pulled += part.byteLength;
        controller.enqueue(part);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

describe('the default limit of 64 KB', () => {
  test('a 65 KB JSON body is a 413 with the REQ-MSG-01; nothing is stored', async () => {
    const res = await post('/api/enquiries', enquiryOf(65 * 1024));
    expect(res.status).toBe(413);
    expect(await readJson(res)).toEqual(TOO_LARGE);
    expect(res.headers.get('Connection')).toBe('close');
    expect(await handle.db.select().from(enquiries)).toHaveLength(0);
  });

  test('a body of exactly 64 KB is read and reaches the route', async () => {
    const res = await post('/api/enquiries', enquiryOf(DEFAULT_BODY_LIMIT_BYTES));
    // The route's own rule refuses a 64 KB message: the body got through the limit to the schema.
    expect(res.status).toBe(400);
    expect((await readJson(res)).error.code).toBe('VALIDATION_ERROR');
  });

  test('a Content-Length over the limit is refused without reading a byte', async () => {
    const { stream, state } = lazyBody(10 * 1024 * 1024);
    const res = await post('/api/enquiries', stream, { 'Content-Length': String(10 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(state.pulled).toBe(0);
  });

  test('a chunked body without Content-Length is counted while it streams and refused past the limit', async () => {
    const { stream, state } = lazyBody(10 * 1024 * 1024);
    const res = await post('/api/enquiries', stream);
    expect(res.status).toBe(413);
    expect(await readJson(res)).toEqual(TOO_LARGE);
    // Reading stopped at the first chunk past 64 KB, not at 10 MB.
    expect(state.pulled).toBeLessThanOrEqual(DEFAULT_BODY_LIMIT_BYTES + 16 * 1024);
  });

  test('a small chunked body is read whole and reaches the route', async () => {
    const body = new TextEncoder().encode(enquiryOf(1000));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(body.subarray(0, 400));
        controller.enqueue(body.subarray(400));
        controller.close();
      },
    });
    const res = await post('/api/enquiries', stream);
    expect(res.status).toBe(201);
  });

  test('a Content-Length that understates the body does not get it past the limit', async () => {
    const res = await post('/api/enquiries', enquiryOf(100 * 1024), { 'Content-Length': '10' });
    expect(res.status).toBe(413);
    expect(await readJson(res)).toEqual(TOO_LARGE);
  });

  test('under /api/auth the 413 also has code and message at the top (better-auth client)', async () => {
    const res = await post(
      '/api/auth/sign-in/email',
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70 * 1024) }),
    );
    expect(res.status).toBe(413);
    expect(await readJson(res)).toEqual({ ...TOO_LARGE.error, ...TOO_LARGE });
  });

  test('a multipart body over 64 KB to a JSON route is refused too', async () => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(100 * 1024)], 'x.png', { type: 'image/png' }));
    const res = await app.request('/api/agent/properties', {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: agent.cookie },
      body: form,
    });
    expect(res.status).toBe(413);
  });
});

describe('deeply nested JSON', () => {
  const nested = (depth: number) =>
    `{"email":"a@example.com","password":${'['.repeat(depth)}${']'.repeat(depth)}}`;

  test('100,000 levels is over the limit: 413 before it is parsed', async () => {
    const res = await post('/api/auth/sign-in/email', nested(100_000));
    expect(res.status).toBe(413);
  });

  test('30,000 levels fits in 64 KB and is a 400 with the validation message, not a 500', async () => {
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/enquiries']) {
      const res = await post(path, nested(30_000));
      expect(res.status, path).toBe(400);
      expect((await readJson(res)).error.code, path).toBe('VALIDATION_ERROR');
    }
    const bare = await post('/api/enquiries', `${'['.repeat(30_000)}${']'.repeat(30_000)}`);
    expect(bare.status).toBe(400);
  });
});

describe('the upload routes keep their own larger limits', () => {
  /** A PNG of random pixels: incompressible, so well over 64 KB. */
  async function noisePng(side: number): Promise<Buffer> {
    const pixels = Buffer.alloc(side * side * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2_654_435_761) >>> 24;
    return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  function upload(url: string, bytes: Buffer) {
    const form = new FormData();
    form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], 'image.png', { type: 'image/png' }));
    return app.request(url, {
      method: 'POST',
      headers: { Origin: ORIGIN, Cookie: agent.cookie },
      body: form,
    });
  }

  test('a 1 MB photo and a 1 MB logo are accepted', async () => {
    const png = await noisePng(600);
    expect(png.byteLength).toBeGreaterThan(1024 * 1024);
    const photo = await upload(`/api/agent/properties/${listingId}/photos`, png);
    expect(photo.status, await photo.clone().text()).toBe(201);
    const logo = await upload('/api/agent/profile/logo', png);
    expect(logo.status, await logo.clone().text()).toBe(200);
  });

  test('a logo over its 2 MB limit is refused with its own message', async () => {
    const res = await upload('/api/agent/profile/logo', Buffer.alloc(3 * 1024 * 1024, 1));
    expect(res.status).toBe(413);
    expect((await readJson(res)).error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: PHOTO_MESSAGES.logoTooLarge,
    });
  });
});

describe('on a real socket', () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        resolve();
      });
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => {
      server.close(resolve);
      (server as Server).closeAllConnections();
    });
  });

  /** Sends `head` and `body` raw and resolves with the first response's status line and body once it arrives. */
  function raw(head: string, body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (data) => {
        received += data.toString('latin1');
        if (/\r\n\r\n[\s\S]*\}/.test(received)) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      // Only part of the body is ever sent: an answer can only come from a server that did not wait for the rest.
      socket.write(head + body);
    });
  }
  const head = (extra: string) =>
    `POST /api/enquiries HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${ORIGIN}\r\n` +
    `Content-Type: application/json\r\n${extra}\r\n`;

  test('a declared 50 MB body gets its 413 before it is sent', async () => {
    const answer = await raw(head(`Content-Length: ${50 * 1024 * 1024}\r\n`), '{"name":"');
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(MESSAGES.validation);
  });

  test('a chunked body gets its 413 once 64 KB have arrived, with the rest still unsent', async () => {
    const chunk = 'a'.repeat(16 * 1024);
    const chunks = Array.from({ length: 5 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const answer = await raw(head('Transfer-Encoding: chunked\r\n'), chunks);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('PAYLOAD_TOO_LARGE');
  });

  test('the sign-in form still works over the socket', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong9!xyzw' }),
    });
    expect(res.status).toBe(401);
    expect((await readJson(res)).error.message).not.toBe(AUTH_MESSAGES.credentialsRequired);
  });
});
