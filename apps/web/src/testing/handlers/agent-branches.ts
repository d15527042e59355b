/**
 * The member's branches as the API answers them (`GET /api/agent/branches`, ADR 029): the listing pages ask for them
 * for the form's branch and negotiator fields, the Bulk upload screen for its branch choice.
 */
import { http, HttpResponse } from 'msw';
import type { AgentBranch } from '@abode/shared/agency/branches.schema';
import { server } from '#src/testing/server.ts';

/**
 * Answers `GET /api/agent/branches` with `branches`: none by default, which leaves a listing in its own branch and
 * offers no choice of branch or negotiator.
 */
export function answerAgentBranches(branches: AgentBranch[] = []): void {
  server.use(http.get('/api/agent/branches', () => HttpResponse.json({ items: branches })));
}
