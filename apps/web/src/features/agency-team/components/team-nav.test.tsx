import { expect, test } from 'vitest';
import { agentNavFor } from '#src/components/layouts/agent-layout.tsx';
import { paths } from '#src/config/paths.ts';
import { agentMe } from '#src/testing/fixtures/me.ts';

const links = (agency: Parameters<typeof agentNavFor>[0]) =>
  agentNavFor(agency).flatMap((group) => group.items.map((item) => item.to));

test("the agent portal's Team entry is the owner's alone (can(me.agency, 'team.manage'))", () => {
  const owner = agentMe().agency!;
  expect(links(owner)).toContain(paths.agent.team);
  for (const role of ['branch-manager', 'negotiator'] as const)
    expect(links({ ...owner, role })).not.toContain(paths.agent.team);
  expect(links(null)).not.toContain(paths.agent.team);
});

test('Analytics and Reports are for those who may see the figures: not a negotiator', () => {
  const owner = agentMe().agency!;
  for (const role of ['owner', 'branch-manager'] as const) {
    expect(links({ ...owner, role })).toContain(paths.agent.analytics);
    expect(links({ ...owner, role })).toContain(paths.agent.reports);
  }
  expect(links({ ...owner, role: 'negotiator' })).not.toContain(paths.agent.analytics);
  expect(links({ ...owner, role: 'negotiator' })).not.toContain(paths.agent.reports);
  expect(links({ ...owner, role: 'negotiator' })).toContain(paths.agent.properties);
});
