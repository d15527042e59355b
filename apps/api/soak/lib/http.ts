/** A small HTTP client for the soak tests: JSON bodies, a session cookie, Origin and X-Forwarded-For. */

export interface RequestOptions {
  method?: string;
  /** JSON body (sent as application/json). */
  json?: unknown;
  /** multipart/form-data body. */
  form?: FormData;
  /** Cookie header (from {@link signIn}). */
  cookie?: string;
  /** X-Forwarded-For: the client address a server with TRUST_PROXY sees. */
  xff?: string;
  /** Origin header; cookie-carrying writes need a trusted one (CSRF check). */
  origin?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  /** `error.code` and `error.message` of an error body. */
  errorCode?: string;
  errorMessage?: string;
}

export async function request(url: string, options: RequestOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.xff) headers['x-forwarded-for'] = options.xff;
  if (options.origin) headers.origin = options.origin;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const res = await fetch(url, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const error = (parsed as { error?: { code?: string; message?: string } } | undefined)?.error;
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: parsed,
    ...(error?.code ? { errorCode: error.code } : {}),
    ...(error?.message ? { errorMessage: error.message } : {}),
  };
}

/** The raw bytes of a GET. */
export async function fetchBytes(
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** Signs in through `POST /api/auth/sign-in/email` and returns the Cookie header for later requests. */
export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  options: { origin?: string; xff?: string } = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.origin ? { origin: options.origin } : {}),
      ...(options.xff ? { 'x-forwarded-for': options.xff } : {}),
    },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  if (!cookies.length) throw new Error(`sign-in of ${email} set no cookie`);
  return cookies.join('; ');
}

/** The demo accounts every non-production start creates (README "Demo accounts"). */
export const DEMO = {
  client: { email: 'demo.client@example.com', password: 'Demo-Client-2026!' },
  agent: { email: 'clara.whitmore@example.com', password: 'Demo-Agent-2026!' },
  superAdmin: { email: 'demo.superadmin@example.com', password: 'Demo-Super-2026!' },
} as const;

/** The REQ-MSG-01 every 5xx carries. */
export const SERVER_MESSAGE = 'A server error occurred. Please try again later.';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Counts of each status (or 'network error') in `statuses`, e.g. `200×20, 429×5`. */
export function tally(statuses: (number | string)[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(String(s), (counts.get(String(s)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(', ');
}
