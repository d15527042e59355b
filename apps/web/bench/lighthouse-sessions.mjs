/**
 * The signed-in sessions `npm run bench:web` (lighthouse.mjs) measures the portal pages with. Each demo account signs
 * in once over HTTP (POST /api/auth/sign-in/email); REQ-LIMIT-02 allows 5 sign-ins an hour per address and e-mail, so the
 * cookie is kept in apps/web/bench/results/.sessions.json (git-ignored) and reused while the server still accepts it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The demo sign-ins the server creates outside production (README "Demo accounts"). */
const ACCOUNTS = {
  agent: { email: 'clara.whitmore@example.com', password: 'Demo-Agent-2026!' },
  superAdmin: { email: 'demo.superadmin@example.com', password: 'Demo-Super-2026!' },
};

const sessionsFile = path.join(import.meta.dirname, 'results/.sessions.json');

function readSavedSessions() {
  try {
    return JSON.parse(fs.readFileSync(sessionsFile, 'utf8'));
  } catch {
    return {};
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
function cookieHeaderOf(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/** Whether `cookie` is a live session of `email` on the server (GET /api/me). */
async function isSessionOf(baseUrl, cookie, email) {
  const response = await fetch(`${baseUrl}/api/me`, {
    headers: { Cookie: cookie, Accept: 'application/json' },
  });
  if (!response.ok) return false;
  const me = await response.json().catch(() => undefined);
  return me?.user?.email?.toLowerCase() === email.toLowerCase();
}

/**
 * A Cookie header signed in as `account`: the one saved by an earlier bench run if the server still accepts it, else
 * one fresh sign-in (saved for the next run). The Origin header is the server's own, which its CSRF check and
 * better-auth's trust.
 */
export async function sessionCookie(baseUrl, account) {
  const { email, password } = ACCOUNTS[account];
  const saved = readSavedSessions();
  const known = saved[baseUrl]?.[email];
  if (known && (await isSessionOf(baseUrl, known, email))) return known;

  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  const cookie = cookieHeaderOf(response);
  if (!response.ok || !cookie) {
    const body = await response.text().catch(() => '');
    throw new Error(
      `signing in as ${email} answered ${response.status} ${body.slice(0, 200)}` +
        (response.status === 429
          ? ' (5 sign-ins an hour per address and e-mail: wait, or use the saved one)'
          : ''),
    );
  }
  if (!(await isSessionOf(baseUrl, cookie, email)))
    throw new Error(`signed in as ${email}, but GET /api/me does not know the session`);
  fs.mkdirSync(path.dirname(sessionsFile), { recursive: true });
  fs.writeFileSync(
    sessionsFile,
    `${JSON.stringify({ ...saved, [baseUrl]: { ...saved[baseUrl], [email]: cookie } }, null, 2)}\n`,
    { mode: 0o600 },
  );
  return cookie;
}
