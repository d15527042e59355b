import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { AGENCY_TEAM_MESSAGES as T, type InvitationPreview } from '@abode/shared/agency/team.schema';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { AgentJoinRoute } from '#src/app/routes/agent-join.tsx';
import { agentMe, clientMe } from '#src/testing/fixtures/me.ts';
import { currentUrl, renderRoute, stubFetch } from '#src/testing/test-utils.tsx';
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

afterEach(() => {
  vi.unstubAllGlobals();
});

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

function open(me: Me | null, handler: (url: URL, init?: RequestInit) => Response | Promise<Response>) {
  const fetch = stubFetch(handler);
  const rendered = renderRoute(`/agent/join?token=${TOKEN}`, {
    routes: [
      { path: '/agent/join', element: <AgentJoinRoute /> },
      { path: '/agent/dashboard', element: <h1>Agent dashboard</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    me,
  });
  return { fetch, ...rendered };
}

const acceptBody = (fetch: ReturnType<typeof stubFetch>) => {
  const call = fetch.mock.calls.find(([input]) => String(input).endsWith(`/${TOKEN}/accept`));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

test('no account yet: the invitation, a short sign-up by the SPEC rules, then signed in and in the portal', async () => {
  let signedIn = false;
  const { fetch, router } = open(null, (url) => {
    if (url.pathname === `/api/agency-invitations/${TOKEN}`) return Response.json(PREVIEW);
    if (url.pathname === `/api/agency-invitations/${TOKEN}/accept`) return Response.json(JOINED);
    if (url.pathname === '/api/auth/sign-in/email') {
      signedIn = true;
      return Response.json({ user: { id: 'u-9', email: PREVIEW.email } });
    }
    if (url.pathname === '/api/me')
      return signedIn
        ? Response.json(agentMe({ email: PREVIEW.email }))
        : new Response('{}', { status: 401 });
    return new Response('{}', { status: 404 });
  });
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
  expect(acceptBody(fetch)).toBeUndefined();

  await user.clear(within(form).getByLabelText(/^Password\*?$/));
  await user.type(within(form).getByLabelText(/^Password\*?$/), 'Tidy!Harbour#Lamp7');
  await user.type(within(form).getByLabelText(/Last name/), 'Castell');
  await user.click(within(form).getByRole('button', { name: 'Create account and join' }));
  expect(await notifications().findByText(T.joined)).toBeInTheDocument();
  await vi.waitFor(() => expect(currentUrl(router)).toBe('/agent/dashboard'));
  expect(acceptBody(fetch)).toEqual({
    firstName: 'Imran',
    lastName: 'Castell',
    password: 'Tidy!Harbour#Lamp7',
  });
  const signIn = fetch.mock.calls.find(([input]) => String(input).includes('/sign-in/email'));
  expect(JSON.parse(String(signIn?.[1]?.body))).toMatchObject({
    email: PREVIEW.email,
    password: 'Tidy!Harbour#Lamp7',
  });
});

test('an expired, used or withdrawn link says so', async () => {
  open(null, (url) =>
    url.pathname === '/api/me'
      ? new Response('{}', { status: 401 })
      : Response.json({ error: { code: 'NOT_FOUND', message: T.invitationInvalid } }, { status: 404 }),
  );
  expect(await screen.findByRole('heading', { name: 'This invitation can’t be used' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(T.invitationInvalid);
  expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
});

test('signed in as the invited address: Accept joins and opens the portal', async () => {
  const me = clientMe({ email: 'Imran@Example.com' });
  const { fetch, router } = open(me, (url) => {
    if (url.pathname === `/api/agency-invitations/${TOKEN}`)
      return Response.json({ ...PREVIEW, accountExists: true });
    if (url.pathname.endsWith('/accept')) return Response.json({ ...JOINED, accountCreated: false });
    if (url.pathname === '/api/me') return Response.json(agentMe({ email: PREVIEW.email }));
    return new Response('{}', { status: 404 });
  });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
  await vi.waitFor(() => expect(currentUrl(router)).toBe('/agent/dashboard'));
  expect(acceptBody(fetch)).toEqual({});
});

test('signed in as another address: told so, with a way to sign out and no Accept', async () => {
  open(clientMe({ email: 'someone.else@example.com' }), (url) =>
    url.pathname === `/api/agency-invitations/${TOKEN}`
      ? Response.json({ ...PREVIEW, accountExists: true })
      : new Response('{}', { status: 404 }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(T.wrongAccount);
  expect(screen.getByText(/You are signed in as someone.else@example.com/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
});

test('a member of an agency is asked to leave it first', async () => {
  open(agentMe({ email: PREVIEW.email }), (url) =>
    url.pathname === `/api/agency-invitations/${TOKEN}`
      ? Response.json({ ...PREVIEW, accountExists: true })
      : new Response('{}', { status: 404 }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(T.alreadyMember);
  expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
});

test('signed out with an account: sign in here, then Accept', async () => {
  let signedIn = false;
  open(null, (url) => {
    if (url.pathname === `/api/agency-invitations/${TOKEN}`)
      return Response.json({ ...PREVIEW, accountExists: true });
    if (url.pathname === '/api/auth/sign-in/email') {
      signedIn = true;
      return Response.json({ user: { id: 'u-9', email: PREVIEW.email } });
    }
    if (url.pathname === '/api/me')
      return signedIn
        ? Response.json(clientMe({ email: PREVIEW.email }))
        : new Response('{}', { status: 401 });
    return new Response('{}', { status: 404 });
  });
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
