/**
 * Who a rate limit counts (REQ-LIMIT-01, ADR 015): the signed-in user, else the client IP. The IP comes from the socket,
 * or from X-Forwarded-For only with TRUST_PROXY (lib/client-ip.ts), so a client cannot pick its own key by sending
 * that header. A session cookie that does not verify counts as no session (the IP is used).
 */
import type { Context } from 'hono';
import type { AppEnv } from '#src/app-env.ts';
import { clientIp } from '#src/lib/client-ip.ts';
import { requestSession } from '#src/middleware/auth.ts';

export interface ClientKey {
  /** `user:{id}` or `ip:{address}`. */
  key: string;
  userId: string | null;
  ip: string;
}

/** The rate-limit key of this request. One session lookup when a session cookie is sent, none otherwise. */
export async function clientKey(c: Context<AppEnv>): Promise<ClientKey> {
  const ip = clientIp(c);
  const session = await requestSession(c).catch(() => null);
  const userId = session?.user.id ?? null;
  return { key: userId ? `user:${userId}` : `ip:${ip}`, userId, ip };
}
