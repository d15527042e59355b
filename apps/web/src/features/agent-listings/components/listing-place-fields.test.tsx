/**
 * The listing form's branch and negotiator (ADR 029): who may choose what (`can`), the negotiators of the chosen
 * branch, and what is sent.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import type { AgentBranch } from '@abode/shared/agency/branches.schema';
import type { ListingInput } from '@abode/shared/agent/listing-input.schema';
import { AgentNewPropertyRoute } from '#src/app/routes/agent/property-new.tsx';
import { makeAgentBranch } from '#src/testing/fixtures/branches.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { answerAgentBranches } from '#src/testing/handlers/agent-branches.ts';
import { recordRequests } from '#src/testing/server.ts';
import { renderRoute, renderWithRouter } from '#src/testing/test-utils.tsx';
import { EMPTY_LISTING, ListingForm } from './listing-form.tsx';

const RYDE_ID = '3c9a2f10-8d4b-4e6a-9f1c-2b7d5e8a0c41';
const SAM = 'c1d2e3f4-0000-4000-8000-000000000002';
const PETER = 'c1d2e3f4-0000-4000-8000-000000000003';
const CLARA = AGENT_FIXTURE_IDS.memberId;

const branch = (id: string, branchName: string, members: AgentBranch['members']) =>
  makeAgentBranch({ id, branchName, members });

const BRANCHES = [
  branch(AGENT_FIXTURE_IDS.branchId, 'Wimbledon', [
    { memberId: CLARA, name: 'Clara Whitmore', role: 'owner' },
    { memberId: SAM, name: 'Sam Okafor', role: 'negotiator' },
  ]),
  branch(RYDE_ID, 'Ryde', [
    { memberId: CLARA, name: 'Clara Whitmore', role: 'owner' },
    { memberId: PETER, name: 'Peter Yelland', role: 'branch-manager' },
  ]),
];

/** A draft that passes the schema, in Wimbledon and looked after by Sam. */
const DRAFT = {
  ...EMPTY_LISTING,
  branchId: AGENT_FIXTURE_IDS.branchId,
  negotiatorId: SAM,
  title: '3 bedroom house for sale',
  pricePence: 650_000_00,
  addressLine1: 'Cowper Road',
  city: 'London',
  postcode: 'SW19 1AA',
};

test('a manager or owner picks the branch and one of its negotiators; moving branch drops one who does not work there', async () => {
  const user = userEvent.setup();
  const saved: ListingInput[] = [];
  renderWithRouter(
    <ListingForm
      defaultValues={DRAFT}
      submitLabel="Save changes"
      onSubmit={async (input) => saved.push(input)}
      place={{ branches: BRANCHES, canAssign: true, isNew: false }}
    />,
  );
  const branchSelect = screen.getByRole('combobox', { name: 'Branch' });
  const negotiator = screen.getByRole('combobox', { name: 'Negotiator' });
  expect(branchSelect).toHaveValue(AGENT_FIXTURE_IDS.branchId);
  expect(negotiator).toHaveValue(SAM);
  const options = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
  expect(options(branchSelect)).toEqual(['Harbour & Vale, Wimbledon', 'Harbour & Vale, Ryde']);
  expect(options(negotiator)).toEqual(['Unassigned', 'Clara Whitmore (Owner)', 'Sam Okafor (Negotiator)']);

  await user.selectOptions(branchSelect, RYDE_ID);
  expect(negotiator).toHaveValue('');
  expect(options(negotiator)).toEqual([
    'Unassigned',
    'Clara Whitmore (Owner)',
    'Peter Yelland (Branch manager)',
  ]);
  await user.selectOptions(negotiator, PETER);
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ branchId: RYDE_ID, negotiatorId: PETER });

  await user.selectOptions(negotiator, '');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(saved[1]).toMatchObject({ branchId: RYDE_ID, negotiatorId: null });
});

test('a negotiator working in two branches picks where a new listing starts, not who looks after it', () => {
  renderWithRouter(
    <ListingForm
      defaultValues={DRAFT}
      submitLabel="Create property"
      onSubmit={async () => undefined}
      place={{ branches: BRANCHES, canAssign: false, isNew: true }}
    />,
  );
  expect(screen.getByRole('combobox', { name: 'Branch' })).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Negotiator' })).not.toBeInTheDocument();
});

test('editing as a negotiator offers neither', () => {
  renderWithRouter(
    <ListingForm
      defaultValues={DRAFT}
      submitLabel="Save changes"
      onSubmit={async () => undefined}
      place={{ branches: BRANCHES, canAssign: false, isNew: false }}
    />,
  );
  expect(screen.queryByRole('heading', { name: 'Branch and negotiator' })).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Branch' })).not.toBeInTheDocument();
});

test("the new-listing page reads the owner's branches; a one-branch negotiator's never asks", async () => {
  answerAgentBranches(BRANCHES);
  const requests = recordRequests();
  const owner = agentMe(
    {},
    { agency: { ...agentMe().agency!, branchIds: [AGENT_FIXTURE_IDS.branchId, RYDE_ID] } },
  );
  const { unmount } = renderRoute('/agent/properties/new', {
    routes: [{ path: '/agent/properties/new', element: <AgentNewPropertyRoute /> }],
    me: owner,
  });
  expect(await screen.findByRole('combobox', { name: 'Negotiator' })).toHaveValue('');
  expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue(AGENT_FIXTURE_IDS.branchId);
  unmount();

  const before = requests.length;
  const negotiator = agentMe({}, { agency: { ...agentMe().agency!, role: 'negotiator' } });
  renderRoute('/agent/properties/new', {
    routes: [{ path: '/agent/properties/new', element: <AgentNewPropertyRoute /> }],
    me: negotiator,
  });
  expect(await screen.findByRole('heading', { name: 'Add Property' })).toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Branch' })).not.toBeInTheDocument();
  expect(requests.slice(before).map((r) => new URL(r.url).pathname)).not.toContain('/api/agent/branches');
});
