/**
 * Script-injection logging (REQ-MSG-12: "Script injection … logged as suspicious activity with severity
 * high"; REQ-SEC-08). Every JSON write body under /api is scanned for REQ-SEC-06 script-like content (`containsScript`,
 * the shared sanitise module) in any string or key; the first hit is logged once for the request, without the answer
 * waiting for it, whatever the route then does with the body (refuse it, or store it sanitised). The value itself is
 * not logged, only where it was: it may be a password.
 *
 * Not scanned: routes that log script content themselves (POST /api/enquiries), the browser's security-event reports
 * (their text is stored sanitised as events already), fields named like a password, and bodies over 256 KB.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { containsScript, sanitiseText } from '@abode/shared/sanitise';
import type { AppEnv } from '#src/app-env.ts';
import { logSecurityEvent } from '#src/features/auth/security-log.ts';
import { clientKey } from '#src/features/rate-limit/client-key.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = /^application\/(.+\+)?json/i;
const NOT_SCANNED = [/^POST \/api\/enquiries\/?$/, /^POST \/api\/security-events\/?$/];
const PASSWORD_KEY = /password/i;
const MAX_SCAN_BYTES = 256 * 1024;
/** Bounds on the walk, so a pathological body costs little. */
const MAX_DEPTH = 32;
const MAX_NODES = 10_000;

/** The JSON path of the first script-like string or key in `body`, or null. Exported for tests. */
export function findScript(body: unknown): string | null {
  let nodes = 0;
  const walk = (value: unknown, path: string, depth: number): string | null => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return null;
    if (typeof value === 'string') return containsScript(value) ? path || '(body)' : null;
    if (!value || typeof value !== 'object') return null;
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (!Array.isArray(value)) {
        if (PASSWORD_KEY.test(key)) continue;
        if (containsScript(key)) return childPath;
      }
      const hit = walk(child, childPath, depth + 1);
      if (hit) return hit;
    }
    return null;
  };
  return walk(body, '', 0);
}

/** Mount on `/api/*` (after the CSRF check). Never changes the request or the answer. */
export const scriptInjectionLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (
    !WRITE_METHODS.has(c.req.method) ||
    !JSON_TYPE.test(c.req.header('content-type') ?? '') ||
    NOT_SCANNED.some((p) => p.test(`${c.req.method} ${c.req.path}`)) ||
    Number(c.req.header('content-length') ?? 0) > MAX_SCAN_BYTES
  )
    return next();
  // A clone, so the route (and better-auth, which reads the raw request) still gets the whole body.
  const text = await c.req.raw
    .clone()
    .text()
    .catch(() => '');
  let field: string | null = null;
  if (text && text.length <= MAX_SCAN_BYTES) {
    try {
      field = findScript(JSON.parse(text));
    } catch {
      // Not JSON: the route answers 400.
    }
  }
  if (field) logScript(c, field);
  await next();
};

function logScript(c: Context<AppEnv>, field: string): void {
  const now = c.var.now();
  void clientKey(c)
    .then((who) =>
      logSecurityEvent(
        c.var.db,
        {
          action: 'suspicious_activity',
          severity: 'high',
          description: 'Script-like content in a request',
          metadata: {
            type: 'script_injection',
            method: c.req.method,
            path: c.req.path.slice(0, 200),
            field: sanitiseText(field, 200),
          },
          entityId: randomUUID(),
          userId: who.userId,
          ip: who.ip,
          userAgent: c.req.header('user-agent'),
          now,
        },
        c.var.logger,
      ),
    )
    .catch((error: unknown) => c.var.logger.warn({ err: error }, 'script-injection log failed'));
}
