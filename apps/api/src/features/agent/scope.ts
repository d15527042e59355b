/**
 * The member an agent route acts for. Its own module so the agent area's sub-routers can read it without importing
 * agent/routes.ts, which mounts them (no import cycle).
 */
import type { AppEnv } from '#src/app-env.ts';
import type { AgentScope } from '#src/features/agency/authorise.ts';

/**
 * The member an agent route acts for: their agency membership (checked by `requireAgentProfile`; ADR 029).
 * Throws when used on a route outside `requireAgentProfile` (a wiring error, never a user's).
 */
export function scopeOf(c: { var: AppEnv['Variables'] }): AgentScope {
  const scope = c.var.viewer.agency;
  if (!scope) throw new Error('scopeOf used outside requireAgentProfile');
  return scope;
}
