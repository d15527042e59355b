import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { AGENCY_TEAM_MESSAGES as T, type InvitationPreview } from '@abode/shared/agency/team.schema';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { AgentJoinRoute } from '#src/app/routes/agent-join.tsx';
import { agentMe, clientMe } from '#src/testing/fixtures/me.ts';
import { firstBody, recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';
import type { Me } from '#src/lib/auth.tsx';

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';
const PREVIEW: InvitationPreview = {
  agencyName: 'Harbour & Vale',
  role: 'negotiator',
  branchNames: ['Reading'],
  email: 'imran@example.com',
  accountExists: false,
  expiresAt: '2026-12-03T10:00:00.000Z',
};
const JOINED = { agencyName: 'Harbour & Vale', role: 'negotiator', accountCreated: true };

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

const INVITATION = `/api/agency-invitations/${TOKEN}`;
const ACCEPT = `${INVITATION}/accept`;
const SIGN_IN = '/api/auth/sign-in/email';
const signedOut = () => HttpResponse.json({}, { status: 401 });

/** The join page of the invitation for `me`, the server answering with `handlers`; returns what it received. */
function open(me: Me | null, ...handlers: RequestHandler[]) {
  server.use(...handlers);
  const requests = recordRequests();
  const rendered = renderRoute(`/agent/join?token=${TOKEN}`, {
    routes: [
      { path: '/agent/join', element: <AgentJoinRoute /> },
      { path: '/agent/dashboard', element: <h1>Agent dashboard</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    me,
  });
  return { requests, ...rendered };
}

/** The JSON body of the first request the server received at `path`, if any. */
const bodyAt = (requests: Request[], path: string) => firstBody(requests, (_method, p) => p === path);

test('no account yet: the invitation, a short sign-up by the SPEC rules, then signed in and in the portal', async () => {
  let signedIn = false;
  const { requests, router } = open(
    null,
    http.get(INVITATION, () => HttpResponse.json(PREVIEW)),
    http.post(ACCEPT, () => HttpResponse.json(JOINED)),
    http.post(SIGN_IN, () => {
      signedIn = true;
      return HttpResponse.json({ user: { id: 'u-9', email: PREVIEW.email } });
    }),
    http.get('/api/me', () =>
      signedIn ? HttpResponse.json(agentMe({ email: PREVIEW.email })) : signedOut(),
    ),
  );
  expect(await screen.findByRole('heading', { name: 'Join Harbour & Vale' })).toBeInTheDocument();
  expect(screen.getByText(/You are invited as a negotiator in Reading\./)).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Create your account' });
  expect(within(form).getByLabelText('E-mail')).toHaveValue(PREVIEW.email);

  const user = userEvent.setup();
  await user.type(within(form).getByLabelText(/First name/), 'Imran');
  await user.type(within(form).getByLabelText(/^Password\*?$/), 'weakpass');
  await user.click(within(form).getByRole('button', { name: 'Create account and join' }));
  expect(await within(form).findByText(AUTH_MESSAGES.signUpPasswordRequirements)).toBeInTheDocument();
  expect(within(form).getByRole('progressbar', { name: 'Password strength' })).toBeInTheDocument();
  expect(await bodyAt(requests, ACCEPT)).toBeUndefined();

  await user.clear(within(form).getByLabelText(/^Password\*?$/));
  await user.type(within(form).getByLabelText(/^Password\*?$/), 'Tidy!Harbour#Lamp7');
  await user.type(within(form).getByLabelText(/Last name/), 'Castell');
  await user.click(within(form).getByRole('button', { name: 'Create account and join' }));
  expect(await notifications().findByText(T.joined)).toBeInTheDocument();
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/dashboard'));
  expect(await bodyAt(requests, ACCEPT)).toEqual({
    firstName: 'Imran',
    lastName: 'Castell',
    password: 'Tidy!Harbour#Lamp7',
  });
  expect(await bodyAt(requests, SIGN_IN)).toMatchObject({
    email: PREVIEW.email,
    password: 'Tidy!Harbour#Lamp7',
  });
});

test('an expired, used or withdrawn link says so', async () => {
  open(
    null,
    http.get(INVITATION, () =>
      HttpResponse.json({ error: { code: 'NOT_FOUND', message: T.invitationInvalid } }, { status: 404 }),
    ),
  );
  expect(await screen.findByRole('heading', { name: 'This invitation can’t be used' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(T.invitationInvalid);
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});

test('signed in as the invited address: Accept joins and opens the portal', async () => {
  const me = clientMe({ email: 'Imran@Example.com' });
  const { requests, router } = open(
    me,
    http.get(INVITATION, () => HttpResponse.json({ ...PREVIEW, accountExists: true })),
    http.post(ACCEPT, () => HttpResponse.json({ ...JOINED, accountCreated: false })),
    http.get('/api/me', () => HttpResponse.json(agentMe({ email: PREVIEW.email }))),
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
  await waitFor(() => expect(currentUrl(router)).toBe('/agent/dashboard'));
  expect(await bodyAt(requests, ACCEPT)).toEqual({});
});

test('signed in as another address: told so, with a way to sign out and no Accept', async () => {
  open(
    clientMe({ email: 'someone.else@example.com' }),
    http.get(INVITATION, () => HttpResponse.json({ ...PREVIEW, accountExists: true })),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(T.wrongAccount);
  expect(screen.getByText(/You are signed in as someone.else@example.com/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
});

test('a member of an agency is asked to leave it first', async () => {
  open(
    agentMe({ email: PREVIEW.email }),
    http.get(INVITATION, () => HttpResponse.json({ ...PREVIEW, accountExists: true })),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(T.alreadyMember);
  expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
});

test('signed out with an account: sign in here, then Accept', async () => {
  let signedIn = false;
  open(
    null,
    http.get(INVITATION, () => HttpResponse.json({ ...PREVIEW, accountExists: true })),
    http.post(SIGN_IN, () => {
      signedIn = true;
      return HttpResponse.json({ user: { id: 'u-9', email: PREVIEW.email } });
    }),
    http.get('/api/me', () =>
      signedIn ? HttpResponse.json(clientMe({ email: PREVIEW.email })) : signedOut(),
    ),
  );
  const form = await screen.findByRole('form', { name: 'Sign in to accept' });
  expect(screen.getByText(/already has an Abode account/)).toBeInTheDocument();
  expect(within(form).getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute(
    'href',
    '/auth',
  );
  const user = userEvent.setup();
  await user.type(within(form).getByLabelText(/^Password\*?$/), 'Tidy!Harbour#Lamp7');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeInTheDocument();
});
