import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { Agency } from '@abode/shared/agency/agency.schema';
import { AGENT_SETTINGS_MESSAGES } from '@abode/shared/agent/settings.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentSettingsRoute } from '#src/app/routes/agent/settings.tsx';
import { AGENT_FIXTURE_IDS } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const AGENCY: Agency = {
  id: AGENT_FIXTURE_IDS.agencyId,
  name: 'Harbour & Vale',
  redressScheme: 'tpo',
  redressMembershipNumber: 'T01234',
  cmpScheme: null,
  cmpMembershipNumber: null,
  standing: 'verified',
  verifiedAt: '2026-11-20T10:00:00.000Z',
  handlesLettings: false,
  branchCount: 1,
  gaps: [],
};

// The page's Agency card loads the member's agency (agency-card.test.tsx covers that card).
beforeEach(() => {
  server.use(http.get('/api/agent/agency', () => HttpResponse.json(AGENCY)));
});

/** The agent's settings, which a PATCH really changes (unless `failPatch`); returns the PATCH bodies received. */
function serve(o: { failPatch?: boolean } = {}) {
  let stored = true;
  const patches: unknown[] = [];
  server.use(
    http.get('/api/agent/settings', () => HttpResponse.json({ notifyNewEnquiries: stored })),
    http.patch('/api/agent/settings', async ({ request }) => {
      const body = (await request.json()) as { notifyNewEnquiries: boolean };
      patches.push(body);
      if (o.failPatch)
        return HttpResponse.json(
          { error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } },
          { status: 500 },
        );
      stored = body.notifyNewEnquiries;
      return HttpResponse.json({ notifyNewEnquiries: stored });
    }),
  );
  return patches;
}

const renderSettings = () =>
  renderRoute('/agent/settings', { routes: [{ path: '/agent/settings', element: <AgentSettingsRoute /> }] });

test('the switch sends a PATCH at once and confirms with a toast', async () => {
  const user = userEvent.setup();
  const patches = serve();
  renderSettings();
  const toggle = await screen.findByRole('switch', { name: 'E-mail me about new enquiries' });
  expect(toggle).toBeChecked();

  await user.click(toggle);
  await waitFor(() => expect(patches).toEqual([{ notifyNewEnquiries: false }]));
  expect(await screen.findByText(AGENT_SETTINGS_MESSAGES.notificationsOff)).toBeInTheDocument();
  expect(toggle).not.toBeChecked();
});

test('a failed save says so and puts the switch back', async () => {
  const user = userEvent.setup();
  serve({ failPatch: true });
  renderSettings();
  const toggle = await screen.findByRole('switch', { name: 'E-mail me about new enquiries' });
  await user.click(toggle);
  expect(await screen.findByText(AGENT_SETTINGS_MESSAGES.updateFailed)).toBeInTheDocument();
  await waitFor(() => expect(toggle).toBeChecked());
});

test('the password card reuses the change-password form', async () => {
  serve();
  renderSettings();
  expect(screen.getByRole('heading', { level: 2, name: 'Password' })).toBeInTheDocument();
  expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
});
