/**
 * HTTPS requests that trust one certificate (the soak's self-signed one) and report what the TLS layer agreed: Node's
 * fetch has no per-request CA, so this uses node:https with `ca` and no connection reuse.
 */
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import tls, { type ConnectionOptions, type TLSSocket } from 'node:tls';

export interface TlsRequestOptions {
  /** PEM of the certificate authority to trust (the self-signed certificate itself). */
  ca: string;
  method?: string;
  headers?: Record<string, string>;
  /** Request body: JSON for a plain object, else sent as it is. */
  json?: unknown;
  body?: Buffer | string;
  timeoutMs?: number;
  /** Extra TLS settings (minVersion, maxVersion, ciphers, ALPNProtocols). */
  tls?: ConnectionOptions;
}

export interface TlsReply {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every Set-Cookie line. */
  setCookies: string[];
  text: string;
  body: unknown;
  /** `error.code` of an error body. */
  errorCode?: string;
  /** Negotiated TLS version, e.g. `TLSv1.3`. */
  protocol: string | null;
  /** Protocol chosen by ALPN (`h2`, `http/1.1`), false when none was offered. */
  alpn: string | false | null;
}

/** One request; rejects on a TLS or network error (a refused handshake included) or after `timeoutMs` (15 s). */
export function tlsRequest(url: string, options: TlsRequestOptions): Promise<TlsReply> {
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        ca: options.ca,
        agent: false,
        ...options.tls,
      },
      (res) => {
        const socket = res.socket as TLSSocket;
        const protocol = socket.getProtocol?.() ?? null;
        const alpn = socket.alpnProtocol ?? null;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const code = (parsed as { error?: { code?: string } } | undefined)?.error?.code;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            setCookies: res.headers['set-cookie'] ?? [],
            text,
            body: parsed,
            ...(code ? { errorCode: code } : {}),
            protocol,
            alpn,
          });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error(`${url}: no answer in time`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The TLS handshake alone: the negotiated version and ALPN protocol, or the error that refused it. */
export function tlsHandshake(
  host: string,
  port: number,
  options: { ca: string } & ConnectionOptions,
): Promise<
  { ok: true; protocol: string | null; alpn: string | false | null } | { ok: false; error: string }
> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port, ...options }, () => {
      const result = { ok: true as const, protocol: socket.getProtocol(), alpn: socket.alpnProtocol ?? null };
      socket.end();
      resolve(result);
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('handshake timed out')));
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, error: error.code ?? error.message }),
    );
  });
}
