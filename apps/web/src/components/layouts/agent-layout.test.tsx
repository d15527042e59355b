import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { AGENT_PROFILE_MESSAGES, type AgentProfileResponse } from '@abode/shared/agent/profile.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentLayout } from '#src/components/layouts/agent-layout.tsx';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const OWNER = { id: 'user-9', email: 'priya@example.com', firstName: 'Priya', lastName: 'Shah' };

const CREATED: AgentProfileResponse = {
  agent: {
    id: 'agent-9',
    userId: 'user-9',
    agencyId: '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f',
    slug: 'harbour-and-vale-wimbledon-7d0c5a1e',
    handlesSales: true,
    handlesLettings: true,
    name: 'Priya Shah',
    branchName: null,
    agencyName: 'Harbour & Vale',
    email: 'priya@example.com',
    phone: '020 7946 0123',
    phoneSecondary: null,
    bio: null,
    address: null,
    websiteUrl: null,
    socialLinks: {},
    businessHours: null,
    certifications: [],
    languages: [],
    yearsExperience: 0,
    logoUrl: null,
    notifyNewEnquiries: true,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
  },
  stats: { activeListings: 0, totalListings: 0, totalEnquiries: 0, memberSince: '2026-11-23T10:00:00.000Z' },
};

/**
 * The agent portal at `url` with a stand-in dashboard, for an agent user with no agents row until the profile is
 * created. Returns the requests the server received.
 */
function renderPortal(url: string) {
  let created = false;
  server.use(
    http.post('/api/agent/profile', () => {
      created = true;
      return HttpResponse.json(CREATED, { status: 201 });
    }),
    http.get('/api/me', () => HttpResponse.json(agentMe(OWNER, { agentId: created ? 'agent-9' : null }))),
  );
  const requests = recordRequests();
  renderRoute(url, {
    routes: [
      {
        path: '/agent',
        element: <AgentLayout />,
        children: [
          { path: 'dashboard', element: <h1>Agent dashboard</h1> },
          { path: 'enquiries', element: <h1>Agent enquiries</h1> },
        ],
      },
    ],
    me: agentMe(OWNER, { agentId: null }),
  });
  return requests;
}

test("an agent user without a profile sees 'Profile not found' and the form, not a page that can only fail", async () => {
  const requests = renderPortal('/agent/enquiries');
  expect(
    await screen.findByRole('heading', { level: 1, name: MESSAGES.profileNotFound }),
  ).toBeInTheDocument();
  expect(screen.getByText(AGENT_PROFILE_MESSAGES.missingProfileText)).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Agent enquiries' })).not.toBeInTheDocument();
  // Started with the account's name and e-mail.
  expect(screen.getByLabelText(/^Name/)).toHaveValue('Priya Shah');
  expect(screen.getByLabelText(/^Email/)).toHaveValue('priya@example.com');
  // Nothing was asked of the agent API: every call would be a 404.
  expect(requests.map((r) => new URL(r.url).pathname)).not.toContainEqual(
    expect.stringContaining('/api/agent/'),
  );
});

test('creating the profile posts it and lands on the dashboard', async () => {
  const user = userEvent.setup();
  const requests = renderPortal('/agent/enquiries');
  await screen.findByRole('heading', { level: 1, name: MESSAGES.profileNotFound });

  // The form checks with the shared schema first: a phone without digits is refused.
  await user.type(screen.getByLabelText(/^Agency name/), 'Harbour & Vale');
  await user.type(screen.getByLabelText(/^Primary phone/), '-----');
  await user.click(screen.getByRole('button', { name: AGENT_PROFILE_MESSAGES.createProfile }));
  expect(await screen.findByText(MESSAGES.contactPhoneDigits)).toBeInTheDocument();
  expect(requests.some((r) => r.method === 'POST')).toBe(false);

  await user.clear(screen.getByLabelText(/^Primary phone/));
  await user.type(screen.getByLabelText(/^Primary phone/), '020 7946 0123');
  await user.click(screen.getByRole('button', { name: AGENT_PROFILE_MESSAGES.createProfile }));

  expect(await screen.findByRole('heading', { name: 'Agent dashboard' })).toBeInTheDocument();
  const post = requests.find((r) => r.method === 'POST');
  expect(await post?.json()).toMatchObject({
    name: 'Priya Shah',
    agencyName: 'Harbour & Vale',
    email: 'priya@example.com',
    phone: '020 7946 0123',
  });
  await waitFor(() => expect(screen.queryByText(MESSAGES.profileNotFound)).not.toBeInTheDocument());
});
