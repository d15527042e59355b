/**
 * The member an agent route acts for. Its own module so the agent area's sub-routers can read it without importing
 * agent/routes.ts, which mounts them (no import cycle).
 */
import type { MiddlewareHandler } from 'hono';
import type { AgencyAction } from '@abode/shared/agency/permissions';
import type { AppEnv } from '#src/app-env.ts';
import { authoriseAction, type AgentScope } from '#src/features/agency/authorise.ts';

/**
 * The member an agent route acts for: their agency membership (checked by `requireAgentProfile`; ADR 029).
 * Throws when used on a route outside `requireAgentProfile` (a wiring error, never a user's).
 */
export function scopeOf(c: { var: AppEnv['Variables'] }): AgentScope {
  const scope = c.var.viewer.agency;
  if (!scope) throw new Error('scopeOf used outside requireAgentProfile');
  return scope;
}

/**
 * Route middleware: 403 (REQ-MSG-01's authorisation message) unless the member's role allows `action` in one of
 * their branches (ADR 029). It runs before the body is validated, so a member who may not act learns nothing from a
 * body's errors.
 */
export function allowedTo(action: AgencyAction): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    authoriseAction(scopeOf(c), action);
    await next();
  };
}
