/**
 * Request body limits for every /api route (REQ-SEC-07): 64 KB by default, larger only for the upload routes, which
 * name their own limit (agent/photos/routes.ts `UPLOAD_BODY_LIMITS`). Enforced before anything reads or parses the
 * body: a Content-Length over the limit is refused without reading a byte, and any other body (chunked, or a
 * Content-Length that understates it) is counted while it streams and refused as soon as it passes the limit, so at
 * most the limit is ever held in memory. A body within the limit is handed on as bytes already read.
 *
 * Over the limit: 413 `{ error: { code: 'PAYLOAD_TOO_LARGE', message } }` (REQ-MSG-01, or the upload
 * route's own), with `Connection: close`, so the connection is not reused with the rest of the body still on it.
 * Under /api/auth the body also has `code` and `message` at the top, as better-auth's client reads them.
 *
 * Deeply nested JSON needs no rule of its own: JSON.parse is not recursive in V8, every route's zod schema refuses
 * the shape, and 64 KB bounds the depth to about 32,000 (auth/routes.ts walks at most 16 levels).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ErrorCode } from '@abode/shared/errors';
import { MESSAGES } from '@abode/shared/messages';
import type { AppEnv } from '#src/app-env.ts';

/** The default largest request body in bytes: a JSON write of the SPA is a few KB. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** A route with a limit of its own (an upload). */
export interface BodyLimitRoute {
  method: string;
  /** Tested against the whole path, e.g. `/api/agent/profile/logo`. */
  path: RegExp;
  maxBytes: number;
  /** The 413's message. */
  message: string;
}

export interface BodyLimitOptions {
  /** Default limit in bytes; {@link DEFAULT_BODY_LIMIT_BYTES} when absent. */
  maxBytes?: number;
  /** Routes with their own (larger) limit. */
  routes?: readonly BodyLimitRoute[];
}

/** The body limit middleware; mount on `/api/*` before anything that reads a body. */
export function bodyLimit(options: BodyLimitOptions = {}): MiddlewareHandler<AppEnv> {
  const defaultMax = options.maxBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const routes = options.routes ?? [];
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const route = routes.find((r) => r.method === c.req.method && r.path.test(c.req.path));
    const maxBytes = route?.maxBytes ?? defaultMax;
    const message = route?.message ?? MESSAGES.validation;
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(c, message);
    const bytes = await readAtMost(body, maxBytes);
    if (!bytes) return tooLarge(c, message);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('transfer-encoding');
    headers.set('content-length', String(bytes.byteLength));
    c.req.raw = new Request(c.req.raw, { body: bytes, headers });
    return next();
  };
}

/**
 * The whole body, or null as soon as it passes `maxBytes`. The rest is left unread, not cancelled: cancelling would
 * destroy the socket before the 413 is written; the Node server drains or closes it after the answer.
 */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return null;
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(c: Context<AppEnv>, message: string): Response {
  const error = { code: 'PAYLOAD_TOO_LARGE' satisfies ErrorCode, message };
  const body = c.req.path.startsWith('/api/auth/') ? { ...error, error } : { error };
  return c.json(body, 413, { Connection: 'close' });
}
