import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { AGENT_SETTINGS_MESSAGES } from '@abode/shared/agent/settings.schema';
import { MESSAGES } from '@abode/shared/messages';
import { AgentSettingsRoute } from '#src/app/routes/agent/settings.tsx';
import { renderRoute, stubFetch } from '#src/testing/test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(o: { failPatch?: boolean } = {}) {
  let stored = true;
  return stubFetch((url, init) => {
    if (url.pathname !== '/api/agent/settings') return Response.json({}, { status: 404 });
    if (init?.method === 'PATCH') {
      if (o.failPatch)
        return Response.json(
          { error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } },
          { status: 500 },
        );
      stored = (JSON.parse(String(init.body)) as { notifyNewEnquiries: boolean }).notifyNewEnquiries;
    }
    return Response.json({ notifyNewEnquiries: stored });
  });
}

const renderSettings = () =>
  renderRoute('/agent/settings', { routes: [{ path: '/agent/settings', element: <AgentSettingsRoute /> }] });

test('the switch sends a PATCH at once and confirms with a toast', async () => {
  const user = userEvent.setup();
  const mock = serve();
  renderSettings();
  const toggle = await screen.findByRole('switch', { name: 'E-mail me about new enquiries' });
  expect(toggle).toBeChecked();

  await user.click(toggle);
  await waitFor(() => {
    const patch = mock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ notifyNewEnquiries: false });
  });
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
