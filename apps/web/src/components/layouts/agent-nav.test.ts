/** The agent portal's sidebar entries by what the member may do (ADR 029). */
import { expect, test } from 'vitest';
import { agentNavFor } from '#src/components/layouts/agent-layout.tsx';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';

const labels = (agency: Parameters<typeof agentNavFor>[0]) =>
  agentNavFor(agency).flatMap((group) => group.items.map((item) => item.label));

const OWNER = agentMe().agency!;
const RYDE = '3c9a2f10-8d4b-4e6a-9f1c-2b7d5e8a0c41';

test('Branches: for an owner (who may open one), and for anyone working in several branches', () => {
  expect(labels(OWNER)).toContain('Branches');
  expect(labels({ ...OWNER, role: 'negotiator' })).not.toContain('Branches');
  expect(labels({ ...OWNER, role: 'branch-manager' })).not.toContain('Branches');
  expect(
    labels({ ...OWNER, role: 'branch-manager', branchIds: [AGENT_FIXTURE_IDS.branchId, RYDE] }),
  ).toContain('Branches');
  // Before /api/me has answered: only the entries everyone sees.
  expect(labels(null)).not.toContain('Branches');
  expect(labels(null)).toContain('Properties');
});

test('Listing feeds (ADR 030): for whoever may manage feeds, the owner and branch managers', () => {
  expect(labels(OWNER)).toContain('Listing feeds');
  expect(labels({ ...OWNER, role: 'branch-manager' })).toContain('Listing feeds');
  expect(labels({ ...OWNER, role: 'negotiator' })).not.toContain('Listing feeds');
  expect(labels(null)).not.toContain('Listing feeds');
});
