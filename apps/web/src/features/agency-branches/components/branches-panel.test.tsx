/**
 * The Branches screen (ADR 029) from the member's side: an owner sees every branch and adds one through the shared
 * schema's form; edits go to the branch's own route; a branch manager may edit only their branch and may not add.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { BRANCH_MESSAGES, type AgentBranch } from '@abode/shared/agency/branches.schema';
import { AgentBranchesRoute } from '#src/app/routes/agent/branches.tsx';
import { makeAgentBranch } from '#src/testing/fixtures/branches.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const READING_ID = '3c9a2f10-8d4b-4e6a-9f1c-2b7d5e8a0c41';

const branch = (over: Partial<AgentBranch>): AgentBranch =>
  makeAgentBranch({
    members: [
      { memberId: AGENT_FIXTURE_IDS.memberId, name: 'Clara Whitmore', role: 'owner' },
      { memberId: 'c1d2e3f4-0000-4000-8000-000000000002', name: 'Sam Okafor', role: 'negotiator' },
    ],
    ...over,
  });

const WIMBLEDON = branch({});
const RYDE = branch({
  id: READING_ID,
  slug: 'harbour-vale-ryde-3c9a2f10',
  name: 'Peter Yelland',
  branchName: 'Ryde',
  phone: '01632 960102',
  address: 'Ryde PO33',
  listings: { active: 3, total: 3 },
  members: [{ memberId: AGENT_FIXTURE_IDS.memberId, name: 'Clara Whitmore', role: 'owner' }],
});

/** Clara, the owner: every branch of the agency. */
const OWNER_ME = agentMe(
  {},
  { agency: { ...agentMe().agency!, branchIds: [AGENT_FIXTURE_IDS.branchId, READING_ID] } },
);

/** The Branches screen for `me`; returns every POST and PATCH the server received, with its body. */
function renderScreen(me = OWNER_ME) {
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const record = async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  server.use(
    http.get('/api/agent/branches', () => HttpResponse.json({ items: [WIMBLEDON, RYDE] })),
    http.post('/api/agent/branches', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json(
        branch({
          ...body,
          id: '5e6f7a8b-1111-4222-8333-944455566677',
          slug: 'harbour-vale-reading-5e6f7a8b',
        }),
        { status: 201 },
      );
    }),
    http.patch('/api/agent/branches/:id', async ({ request }) =>
      HttpResponse.json({ ...RYDE, ...(await record(request)) }),
    ),
    // A saved branch re-reads who is signed in (their branches may have changed).
    http.get('/api/me', () => HttpResponse.json(me)),
  );
  renderRoute('/agent/branches', {
    routes: [{ path: '/agent/branches', element: <AgentBranchesRoute /> }],
    me,
  });
  return { sent };
}

test("an owner sees each branch with its listings and people, and the branch page's link", async () => {
  renderScreen();
  const wimbledon = await screen.findByRole('region', { name: 'Harbour & Vale, Wimbledon' });
  expect(within(wimbledon).getByText('Estate and letting agents')).toBeInTheDocument();
  expect(within(wimbledon).getByText('41 listings')).toBeInTheDocument();
  expect(within(wimbledon).getByText('2 people')).toBeInTheDocument();
  expect(within(wimbledon).getByText(/Sam Okafor/)).toBeInTheDocument();
  expect(within(wimbledon).getByRole('link', { name: /Branch page/ })).toHaveAttribute(
    'href',
    '/agents/harbour-vale-wimbledon-7d0c5a1e',
  );
  expect(screen.getByRole('region', { name: 'Harbour & Vale, Ryde' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add branch' })).toBeInTheDocument();
});

test('an owner adds a branch: the form checks with the shared schema, then posts it', async () => {
  const user = userEvent.setup();
  const { sent } = renderScreen();
  await user.click(await screen.findByRole('button', { name: 'Add branch' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a branch' });
  await user.click(within(dialog).getByRole('checkbox', { name: 'Sales' }));
  await user.click(within(dialog).getByRole('checkbox', { name: 'Lettings' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add branch' }));
  expect(await within(dialog).findByText(BRANCH_MESSAGES.departmentRequired)).toBeInTheDocument();
  expect(within(dialog).getByText(BRANCH_MESSAGES.branchNameRequired)).toBeInTheDocument();
  expect(sent).toEqual([]);

  await user.click(within(dialog).getByRole('checkbox', { name: 'Sales' }));
  await user.type(within(dialog).getByLabelText(/^Branch name/), 'Reading');
  await user.type(within(dialog).getByLabelText(/^Contact name/), 'Imran Castell');
  await user.type(within(dialog).getByLabelText(/^Email/), 'reading@example.com');
  await user.type(within(dialog).getByLabelText(/^Phone/), '0118 496 0101');
  await user.type(within(dialog).getByLabelText(/^Office address/), 'Parkside Road, Reading RG30 2BY');
  await user.type(within(dialog).getByLabelText('Monday'), '9:00 to 17:30');
  await user.click(within(dialog).getByRole('button', { name: 'Add branch' }));

  expect(await screen.findByText(BRANCH_MESSAGES.created)).toBeInTheDocument();
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({
    method: 'POST',
    path: '/api/agent/branches',
    body: {
      branchName: 'Reading',
      name: 'Imran Castell',
      email: 'reading@example.com',
      phone: '0118 496 0101',
      address: 'Parkside Road, Reading RG30 2BY',
      businessHours: { monday: '9:00 to 17:30' },
      handlesSales: true,
      handlesLettings: false,
    },
  });
  expect(sent[0]!.body).not.toHaveProperty('agencyName');
  expect(await screen.findByRole('region', { name: 'Harbour & Vale, Reading' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test("editing a branch starts from its stored details (hours per day) and saves to the branch's route", async () => {
  const user = userEvent.setup();
  const { sent } = renderScreen();
  await user.click(await screen.findByRole('button', { name: 'Edit Harbour & Vale, Ryde' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Harbour & Vale, Ryde' });
  expect(within(dialog).getByLabelText(/^Branch name/)).toHaveValue('Ryde');
  // Stored as 'Monday to Friday': shown on each day.
  expect(within(dialog).getByLabelText('Wednesday')).toHaveValue('9:00 to 17:30');
  expect(within(dialog).getByRole('button', { name: 'Upload Photo' })).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText(/^Phone/));
  await user.type(within(dialog).getByLabelText(/^Phone/), '01632 960999');
  await user.click(within(dialog).getByRole('button', { name: 'Save branch' }));
  expect(await screen.findByText(BRANCH_MESSAGES.updated)).toBeInTheDocument();
  expect(sent[0]).toMatchObject({
    method: 'PATCH',
    path: `/api/agent/branches/${READING_ID}`,
    body: { phone: '01632 960999', branchName: 'Ryde', languages: ['English'], yearsExperience: 12 },
  });
});

test('a branch manager may edit only their branch, and may not add one', async () => {
  const me = agentMe(
    {},
    {
      agency: {
        ...agentMe().agency!,
        role: 'branch-manager',
        branchIds: [AGENT_FIXTURE_IDS.branchId],
      },
    },
  );
  renderScreen(me);
  await screen.findByRole('region', { name: 'Harbour & Vale, Wimbledon' });
  expect(screen.getByRole('button', { name: 'Edit Harbour & Vale, Wimbledon' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Harbour & Vale, Ryde' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add branch' })).not.toBeInTheDocument();
});
