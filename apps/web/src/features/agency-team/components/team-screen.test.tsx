import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { AGENCY_TEAM_MESSAGES as T, type Team, type TeamInvitation } from '@abode/shared/agency/team.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentTeamRoute } from '#src/app/routes/agent/team.tsx';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { stubMobileViewport } from '#src/testing/viewport.ts';
import { firstBody, recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const WIMBLEDON = AGENT_FIXTURE_IDS.branchId;
const READING = '0b7e1f3c-6c1d-4b8e-9a51-3f0e2d6c4a10';
const RYDE = '5d2a9c84-1e7b-4f36-8c0d-7a9b6e5f4d21';
const NEGOTIATOR_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const INVITATION: TeamInvitation = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  email: 'sam.taylor@example.com',
  role: 'branch-manager',
  branchIds: [RYDE],
  invitedBy: 'Alex Morgan',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  expired: false,
};

const team = (canManage = true): Team => ({
  agencyName: 'Harbour & Vale',
  canManage,
  branches: [
    { id: WIMBLEDON, name: 'Wimbledon' },
    { id: READING, name: 'Reading' },
    { id: RYDE, name: 'Ryde' },
  ],
  members: [
    {
      memberId: AGENT_FIXTURE_IDS.memberId,
      userId: 'user-agent-1',
      name: 'Alex Morgan',
      email: 'alex@example.com',
      role: 'owner',
      branchIds: [WIMBLEDON, READING, RYDE],
      defaultBranchId: WIMBLEDON,
      joinedAt: '2026-01-05T10:00:00.000Z',
    },
    {
      memberId: NEGOTIATOR_ID,
      userId: 'user-2',
      name: 'Imran Castell',
      email: 'imran@example.com',
      role: 'negotiator',
      branchIds: [READING],
      defaultBranchId: READING,
      joinedAt: '2026-11-02T10:00:00.000Z',
    },
  ],
  invitations: canManage ? [INVITATION] : [],
});

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

const TEAM = '/api/agent/team';
const INVITATIONS = `${TEAM}/invitations`;
const MEMBER = `${TEAM}/members/:memberId`;

/**
 * The Team screen with `handlers` answering the writes (GET /api/agent/team answers `team(canManage)`); returns the
 * requests the server received.
 */
function open(handlers: RequestHandler[] = [], { canManage = true } = {}) {
  server.use(
    http.get(TEAM, () => HttpResponse.json(team(canManage))),
    ...handlers,
  );
  const requests = recordRequests();
  const me = canManage
    ? agentMe()
    : agentMe({}, { agency: { ...agentMe().agency!, role: 'negotiator', memberId: NEGOTIATOR_ID } });
  renderRoute('/agent/team', { routes: [{ path: '/agent/team', element: <AgentTeamRoute /> }], me });
  return requests;
}

/** `METHOD /path` of each request. */
const sent = (requests: Request[]) => requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);

/** The JSON body of the first `method path` request the server received, if any. */
const bodyOf = (requests: Request[], method: string, path: string) =>
  firstBody(requests, (m, p) => m === method && p === path);

test('the owner sees members with their roles and branches, and the pending invitations', async () => {
  open();
  const table = await screen.findByRole('table', { name: 'Members of the agency' });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1]!).getByText('Alex Morgan')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('(you)')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('All branches')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('imran@example.com')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('Negotiator')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('Reading')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('2 Nov 2026')).toBeInTheDocument();
  const pending = screen.getByRole('list', { name: 'Pending invitations' });
  expect(within(pending).getByText('sam.taylor@example.com')).toBeInTheDocument();
  expect(within(pending).getByText('Branch manager · Ryde')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Invite someone' })).toBeInTheDocument();
});

test('inviting: the shared schema checks the form, then the invitation is sent and the team refreshed', async () => {
  const requests = open([
    http.post(INVITATIONS, () =>
      HttpResponse.json(
        { ...INVITATION, email: 'new.negotiator@example.com', role: 'negotiator' },
        { status: 201 },
      ),
    ),
  ]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
  const dialog = screen.getByRole('dialog', { name: 'Invite someone to your agency' });
  await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  expect(await within(dialog).findByText(T.enterEmail)).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');

  await user.type(within(dialog).getByLabelText(/E-mail address/), ' New.Negotiator@Example.com ');
  await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  expect(await within(dialog).findByText(T.branchRequired)).toBeInTheDocument();
  expect(within(dialog).getByRole('group', { name: 'Branches' })).toHaveAttribute('aria-invalid', 'true');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Reading' }));
  await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  expect(await notifications().findByText(T.invited)).toBeInTheDocument();
  expect(await bodyOf(requests, 'POST', INVITATIONS)).toEqual({
    email: 'new.negotiator@example.com',
    role: 'negotiator',
    branchIds: [READING],
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() =>
    expect(sent(requests).filter((r) => r === `GET ${TEAM}`).length).toBeGreaterThanOrEqual(2),
  );
});

test('an owner invitation asks for no branches; a 409 from the server is said in its own words', async () => {
  const requests = open([
    http.post(INVITATIONS, () =>
      HttpResponse.json({ error: { code: 'CONFLICT', message: T.alreadyInAnotherAgency } }, { status: 409 }),
    ),
  ]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText(/E-mail address/), 'partner@example.com');
  await user.selectOptions(within(dialog).getByLabelText('Role'), 'owner');
  expect(within(dialog).queryByRole('group', { name: 'Branches' })).toBeNull();
  expect(within(dialog).getByText('An owner works in every branch.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  expect(await notifications().findByText(T.alreadyInAnotherAgency)).toBeInTheDocument();
  expect(await bodyOf(requests, 'POST', INVITATIONS)).toEqual({
    email: 'partner@example.com',
    role: 'owner',
    branchIds: [],
  });
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('changing a member: role, branches and default branch go to the server', async () => {
  const requests = open([
    http.patch(MEMBER, () =>
      HttpResponse.json({ ...team().members[1], role: 'branch-manager', branchIds: [READING, RYDE] }),
    ),
  ]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change role or branches of Imran Castell' }));
  const dialog = screen.getByRole('dialog', { name: 'Change Imran Castell' });
  await user.selectOptions(within(dialog).getByLabelText('Role'), 'branch-manager');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Ryde' }));
  await user.selectOptions(within(dialog).getByLabelText('Default branch'), RYDE);
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(await notifications().findByText(T.memberUpdated)).toBeInTheDocument();
  expect(await bodyOf(requests, 'PATCH', `${TEAM}/members/${NEGOTIATOR_ID}`)).toEqual({
    role: 'branch-manager',
    branchIds: [READING, RYDE],
    defaultBranchId: RYDE,
  });
});

test('a member left without a branch is told so before anything is sent', async () => {
  const requests = open();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Change role or branches of Imran Castell' }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Reading' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(await within(dialog).findByText(T.branchRequired)).toBeInTheDocument();
  expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
});

test('removing asks first; the last owner’s 409 is shown', async () => {
  // The negotiator goes; the owner, the last one, may not.
  const requests = open([
    http.delete(MEMBER, ({ params }) =>
      params.memberId === NEGOTIATOR_ID
        ? new HttpResponse(null, { status: 204 })
        : HttpResponse.json({ error: { code: 'CONFLICT', message: T.lastOwner } }, { status: 409 }),
    ),
  ]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Remove Imran Castell' }));
  const confirm = screen.getByRole('alertdialog', { name: 'Remove Imran Castell from Harbour & Vale?' });
  expect(within(confirm).getByText(T.removeConfirm)).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
  expect(await notifications().findByText(T.memberRemoved)).toBeInTheDocument();
  expect(sent(requests)).toContain(`DELETE ${TEAM}/members/${NEGOTIATOR_ID}`);

  await user.click(screen.getByRole('button', { name: 'Remove Alex Morgan' }));
  await user.click(
    within(screen.getByRole('alertdialog', { name: 'Leave Harbour & Vale?' })).getByRole('button', {
      name: 'Remove',
    }),
  );
  expect(await notifications().findByText(T.lastOwner)).toBeInTheDocument();
});

test('a pending invitation can be sent again or withdrawn', async () => {
  const requests = open([
    http.post(`${INVITATIONS}/:id/resend`, () => HttpResponse.json(INVITATION)),
    http.delete(`${INVITATIONS}/:id`, () => new HttpResponse(null, { status: 204 })),
  ]);
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: 'Send the invitation to sam.taylor@example.com again' }),
  );
  expect(await notifications().findByText(T.resent)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Withdraw the invitation to sam.taylor@example.com' }));
  expect(await notifications().findByText(T.revoked)).toBeInTheDocument();
  expect(sent(requests).filter((r) => !r.startsWith('GET '))).toEqual([
    `POST /api/agent/team/invitations/${INVITATION.id}/resend`,
    `DELETE /api/agent/team/invitations/${INVITATION.id}`,
  ]);
});

test('a negotiator reads the members only: no invite, no change, no invitations', async () => {
  open([], { canManage: false });
  expect(await screen.findByRole('table', { name: 'Members of the agency' })).toBeInTheDocument();
  expect(screen.getByText('Only the agency’s owner can invite people or change roles.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Invite someone' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Remove|Change/ })).toBeNull();
  expect(screen.queryByText('Pending invitations')).toBeNull();
});

test('on a phone the members are cards', async () => {
  stubMobileViewport();
  open();
  const list = await screen.findByRole('list', { name: 'Members' });
  const card = within(list).getByRole('article', { name: 'Imran Castell' });
  expect(within(card).getByText('Reading')).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Remove Imran Castell' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).toBeNull();
});

test('a failed load says so and offers a retry', async () => {
  server.use(
    http.get(TEAM, () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
    ),
  );
  renderRoute('/agent/team', {
    routes: [{ path: '/agent/team', element: <AgentTeamRoute /> }],
    me: agentMe(),
  });
  expect(await screen.findByRole('alert')).toHaveTextContent(T.loadFailed);
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
