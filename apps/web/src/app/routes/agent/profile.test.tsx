import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { AgentProfileResponse } from '@abode/shared/agent/profile.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentProfileRoute } from '#src/app/routes/agent/profile.tsx';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const ME = agentMe(
  { id: 'user-7', email: 'priya@example.com', firstName: 'Priya', lastName: 'Shah' },
  { agentId: 'agent-7' },
);

const PROFILE: AgentProfileResponse = {
  agent: {
    id: 'agent-7',
    userId: 'user-7',
    agencyId: '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f',
    slug: 'harbour-and-vale-wimbledon-7d0c5a1e',
    handlesSales: true,
    handlesLettings: true,
    name: 'Priya Shah',
    branchName: 'Wimbledon',
    agencyName: 'Harbour & Vale',
    email: 'priya@example.com',
    phone: '020 7946 0123',
    phoneSecondary: null,
    bio: null,
    address: 'Cowper Road, London SW19 1AA',
    websiteUrl: null,
    socialLinks: {},
    businessHours: null,
    certifications: ['ARLA Propertymark'],
    languages: [],
    yearsExperience: 4,
    logoUrl: null,
    notifyNewEnquiries: true,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
  },
  stats: { activeListings: 3, totalListings: 5, totalEnquiries: 12, memberSince: '2025-03-01T09:00:00.000Z' },
};

const PATH = '/api/agent/profile';

/**
 * Serves GET from `PROFILE` (or fails it with status `get`); PATCH answers `patch` (status) and echoes the body into
 * the profile. Returns the PATCH bodies received.
 */
function serve(o: { get?: number; patch?: number; patchDelay?: Promise<void> } = {}) {
  const patches: Record<string, unknown>[] = [];
  server.use(
    http.get(PATH, () => {
      if (o.get === 404)
        return HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: MESSAGES.agentProfileNotFound } },
          { status: 404 },
        );
      if (o.get)
        return HttpResponse.json(
          { error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } },
          { status: o.get },
        );
      return HttpResponse.json(PROFILE);
    }),
    http.patch(PATH, async ({ request }) => {
      const body = (await request.json()) as Partial<AgentProfileResponse['agent']>;
      patches.push(body);
      await o.patchDelay;
      if (o.patch && o.patch !== 200)
        return HttpResponse.json(
          { error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } },
          { status: o.patch },
        );
      return HttpResponse.json({
        ...PROFILE,
        agent: { ...PROFILE.agent, ...body, updatedAt: '2026-11-23T10:00:00.000Z' },
      });
    }),
  );
  return patches;
}

function renderProfile() {
  return renderRoute('/agent/profile', {
    routes: [{ path: '/agent/profile', element: <AgentProfileRoute /> }],
    me: ME,
  });
}

test('shows the profile, quick stats and chips', async () => {
  serve();
  renderProfile();
  expect(await screen.findByLabelText(/^Name/)).toHaveValue('Priya Shah');
  expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  expect(screen.getByLabelText(/^Primary phone/)).toHaveValue('020 7946 0123');
  expect(screen.getByLabelText('Years of experience')).toHaveValue('4');
  const stats = screen.getByRole('heading', { name: 'Quick stats' }).closest('div')!.parentElement!;
  expect(within(stats).getByText('Total enquiries').nextElementSibling).toHaveTextContent('12');
  expect(within(stats).getByText('Member since').nextElementSibling).toHaveTextContent('March 2025');
  expect(screen.getByRole('button', { name: 'Remove ARLA Propertymark' })).toBeInTheDocument();
});

test('chips: Enter and Add add trimmed values, Add is disabled for blank, clicking a chip removes it', async () => {
  const user = userEvent.setup();
  const patches = serve();
  renderProfile();
  const input = await screen.findByLabelText('Languages');
  const add = screen.getByRole('button', { name: 'Add languages' });
  expect(add).toBeDisabled();
  await user.type(input, '   ');
  expect(add).toBeDisabled();

  await user.clear(input);
  await user.type(input, '  Welsh  {Enter}');
  expect(screen.getByRole('button', { name: 'Remove Welsh' })).toBeInTheDocument();
  expect(input).toHaveValue('');

  await user.type(input, 'Polish');
  await user.click(add);
  expect(screen.getByRole('button', { name: 'Remove Polish' })).toBeInTheDocument();

  await user.type(input, 'welsh{Enter}');
  expect(screen.getByText('Already added')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Remove ARLA Propertymark' }));
  expect(screen.queryByRole('button', { name: 'Remove ARLA Propertymark' })).not.toBeInTheDocument();

  // Enter in the chip input never submitted the form.
  expect(patches).toEqual([]);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() =>
    expect(patches[0]).toMatchObject({ languages: ['Welsh', 'Polish'], certifications: [] }),
  );
});

test("years of experience are sent as an integer ('12.5 years' → 12, 'lots' → 0)", async () => {
  const user = userEvent.setup();
  const patches = serve();
  renderProfile();
  const years = await screen.findByLabelText('Years of experience');
  await user.clear(years);
  await user.type(years, '12.5 years');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(patches[0]?.yearsExperience).toBe(12));
  expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument();
});

test("'Saving...' while saving, then 'Profile updated successfully'", async () => {
  const user = userEvent.setup();
  let release!: () => void;
  serve({ patchDelay: new Promise<void>((resolve) => (release = resolve)) });
  renderProfile();
  await screen.findByLabelText(/^Name/);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  expect(await screen.findByText(MESSAGES.profileUpdated)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
});

test('field errors show under the fields and nothing is sent', async () => {
  const user = userEvent.setup();
  const patches = serve();
  renderProfile();
  const email = await screen.findByLabelText(/^Email/);
  await user.clear(email);
  await user.type(email, 'not-an-email');
  await user.clear(screen.getByLabelText(/^Agency name/));
  await user.clear(screen.getByLabelText('Branch name'));
  await user.type(screen.getByLabelText('Website'), 'javascript:alert(1)');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(MESSAGES.contactInvalidEmail)).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Enter an agency name or a branch name')).toBeInTheDocument();
  expect(screen.getByText('Enter a web address starting with http:// or https://')).toBeInTheDocument();
  expect(patches).toEqual([]);
});

test("a failed save shows 'Failed to update profile'", async () => {
  const user = userEvent.setup();
  serve({ patch: 500 });
  renderProfile();
  await screen.findByLabelText(/^Name/);
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(MESSAGES.profileUpdateFailed)).toBeInTheDocument();
});

test("'Profile not found' without a profile, 'Failed to load profile' when loading fails", async () => {
  serve({ get: 404 });
  const { unmount } = renderProfile();
  expect(await screen.findByText(MESSAGES.profileNotFound)).toBeInTheDocument();
  unmount();
  serve({ get: 500 });
  renderProfile();
  expect(await screen.findByText(MESSAGES.profileLoadFailed)).toBeInTheDocument();
});
