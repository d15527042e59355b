import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import { PROFILE_MESSAGES, type Profile } from '@abode/shared/profile/profile.schema';
import { sessionKeys } from '#src/lib/query-keys.ts';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server, writesOf } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';
import { ProfileRoute } from './profile.tsx';

// These tests bring their own routes: the app's route table (and every page it imports lazily) is not needed.
vi.mock('#src/app/router.tsx', () => ({ routes: [] }));

const PROFILE: Profile = {
  id: 'u1',
  email: 'cara@example.com',
  firstName: 'Cara',
  lastName: 'Jones',
  phone: null,
  role: 'client',
  isVerified: true,
  createdAt: '2026-11-01T09:00:00.000Z',
};

const ME = clientMe({ id: 'u1', email: 'cara@example.com', firstName: 'Cara', lastName: 'Jones' });

const routes = [
  { path: '/profile', element: <ProfileRoute /> },
  { path: '/', element: <p>Home page</p> },
];

/**
 * A fake API: the profile and the signed-in user, and the writes `handlers` answer (they come first, so one may
 * also replace a read). `writes()` resolves to the calls other than GET the server received (the background
 * security reports aside), as 'METHOD /path' and JSON body.
 */
function fakeApi(...handlers: RequestHandler[]) {
  server.use(
    ...handlers,
    http.get('/api/me/profile', () => HttpResponse.json(PROFILE)),
    http.get('/api/me', () => HttpResponse.json(ME)),
  );
  const requests = recordRequests();
  const writes = () => writesOf(requests);
  return { writes };
}

async function openProfile() {
  const user = userEvent.setup();
  const view = renderRoute('/profile', { routes, me: ME });
  await screen.findByRole('heading', { level: 2, name: 'Personal details' });
  return { user, ...view };
}

function notifications() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('profile page', { timeout: 20_000 }, () => {
  it('shows a skeleton, then the details, e-mail with its verified badge, and every section', async () => {
    fakeApi();
    renderRoute('/profile', { routes, me: ME });
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(screen.getByText('Loading your profile…')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Personal details' });
    expect(screen.getByLabelText('First name')).toHaveValue('Cara');
    expect(screen.getByLabelText('Last name (optional)')).toHaveValue('Jones');
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('');
    expect(section('E-mail').getByText('cara@example.com')).toBeInTheDocument();
    expect(section('E-mail').getByText('Verified')).toBeInTheDocument();
    for (const name of ['Password', 'Your data', 'Delete account'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/me/export');
  });

  it('checks the fields with the shared rules and shows errors under them, without calling the server', async () => {
    const api = fakeApi();
    const { user } = await openProfile();
    const firstName = screen.getByLabelText('First name');
    const phone = screen.getByLabelText('Phone (optional)');
    await user.clear(firstName);
    await user.type(phone, '1234');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(PROFILE_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(PROFILE_MESSAGES.firstNameRequired);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(MESSAGES.contactPhoneLength);

    await user.type(firstName, 'R2D2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUTH_MESSAGES.signUpInvalidName)).toBeInTheDocument();
    expect(await api.writes()).toEqual([]);
  });

  it('saves the cleaned details, says so and refreshes the signed-in user', async () => {
    const api = fakeApi(
      http.patch('/api/me/profile', () =>
        HttpResponse.json({ ...PROFILE, firstName: 'Siân', lastName: null, phone: '020 7946 0958' }),
      ),
    );
    const { user, queryClient } = await openProfile();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), ' Siân ');
    await user.clear(screen.getByLabelText('Last name (optional)'));
    await user.type(screen.getByLabelText('Phone (optional)'), 'tel: 020 7946 0958');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await notifications().findByText(PROFILE_MESSAGES.updated)).toBeInTheDocument();
    expect(await api.writes()).toEqual([
      {
        call: 'PATCH /api/me/profile',
        body: { firstName: 'Siân', lastName: null, phone: '020 7946 0958' },
      },
    ]);
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('020 7946 0958');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: sessionKeys.me() });
  });

  it("says 'Failed to update profile' when the save fails", async () => {
    fakeApi(
      http.patch('/api/me/profile', () =>
        HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: MESSAGES.server } }, { status: 500 }),
      ),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // REQ-MSG-07: titled 'Error', the failure and the server's reason under it.
    const toast = (
      await notifications().findByText(`${PROFILE_MESSAGES.updateFailed}. ${MESSAGES.server}`)
    ).closest('li');
    expect(within(toast!).getByText('Error')).toBeInTheDocument();
  });

  it('shows a wrong current password under its field and refuses a weak new one before calling', async () => {
    const api = fakeApi(
      http.post('/api/auth/change-password', () =>
        HttpResponse.json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, { status: 400 }),
      ),
    );
    const { user } = await openProfile();
    const password = section('Password');
    await user.type(password.getByLabelText('Current password'), 'Old-Pass9!x');
    await user.type(password.getByLabelText('New password'), 'weak');
    expect(password.getByRole('progressbar', { name: 'Password strength' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText(AUTH_MESSAGES.signUpPasswordRequirements)).toBeInTheDocument();
    expect(password.getByText(PROFILE_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(await api.writes()).toEqual([]);

    await user.clear(password.getByLabelText('New password'));
    await user.type(password.getByLabelText('New password'), 'Brightfield9!x');
    await user.type(password.getByLabelText('Confirm new password'), 'Brightfield9!x');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText(PROFILE_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(password.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(await api.writes()).toEqual([
      {
        call: 'POST /api/auth/change-password',
        body: { currentPassword: 'Old-Pass9!x', newPassword: 'Brightfield9!x', revokeOtherSessions: true },
      },
    ]);
  });

  it('asks better-auth to send the change-of-address link and says where to look', async () => {
    const api = fakeApi(http.post('/api/auth/change-email', () => HttpResponse.json({ status: true })));
    const { user } = await openProfile();
    const email = section('E-mail');
    await user.type(email.getByLabelText('New e-mail address'), 'cara@example.com');
    await user.click(email.getByRole('button', { name: 'Change e-mail' }));
    expect(await email.findByText(PROFILE_MESSAGES.sameEmail)).toBeInTheDocument();

    await user.clear(email.getByLabelText('New e-mail address'));
    await user.type(email.getByLabelText('New e-mail address'), ' Cara.New@Example.com ');
    await user.click(email.getByRole('button', { name: 'Change e-mail' }));
    expect(await notifications().findByText(PROFILE_MESSAGES.emailChangeSent)).toBeInTheDocument();
    expect(await api.writes()).toEqual([
      {
        call: 'POST /api/auth/change-email',
        body: { newEmail: 'cara.new@example.com', callbackURL: '/profile?email=changed' },
      },
    ]);
    // Still the old address until the link is followed.
    expect(email.getByText('cara@example.com', { selector: 'span' })).toBeInTheDocument();
  });
});

describe('delete account dialog', { timeout: 20_000 }, () => {
  async function openDialog() {
    const view = await openProfile();
    await view.user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
    return { ...view, dialog };
  }

  it('requires the password and the typed word DELETE before calling the server', async () => {
    const api = fakeApi();
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(PROFILE_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(dialog.getByText(PROFILE_MESSAGES.deleteConfirmation)).toBeInTheDocument();

    await user.type(dialog.getByLabelText('Your password'), 'Zebra9!xyzw');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(PROFILE_MESSAGES.deleteConfirmation)).toBeInTheDocument();
    expect(dialog.getByLabelText('Type DELETE to confirm')).toHaveAttribute('aria-invalid', 'true');
    expect(await api.writes()).toEqual([]);
  });

  it('shows a wrong password under its field and keeps the user signed in', async () => {
    fakeApi(
      http.delete('/api/me', () =>
        HttpResponse.json(
          { error: { code: 'VALIDATION_ERROR', message: PROFILE_MESSAGES.passwordWrong } },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, router, queryClient } = await openDialog();
    await user.type(dialog.getByLabelText('Your password'), 'Wrong-one9!');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByText(PROFILE_MESSAGES.passwordWrong)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/profile');
    expect(queryClient.getQueryData(sessionKeys.me())).toEqual(ME);
  });

  it('on success signs out locally, says so and goes home', async () => {
    const api = fakeApi(http.delete('/api/me', () => new HttpResponse(null, { status: 204 })));
    const { user, dialog, router, queryClient } = await openDialog();
    await user.type(dialog.getByLabelText('Your password'), 'Zebra9!xyzw');
    await user.type(dialog.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    expect(await notifications().findByText(PROFILE_MESSAGES.accountDeleted)).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
    expect(queryClient.getQueryData(sessionKeys.me())).toBeNull();
    expect(queryClient.getQueryData(['profile', 'u1'])).toBeUndefined();
    expect(await api.writes()).toEqual([
      { call: 'DELETE /api/me', body: { password: 'Zebra9!xyzw', confirmation: 'DELETE' } },
    ]);
  });
});

describe('change-of-address landing', { timeout: 20_000 }, () => {
  it('says the address changed, or that the link was bad', async () => {
    fakeApi();
    const first = renderRoute('/profile?email=changed', { routes, me: ME });
    expect(await notifications().findByText(PROFILE_MESSAGES.emailChanged)).toBeInTheDocument();
    await vi.waitFor(() => expect(currentUrl(first.router)).toBe('/profile'));
    first.unmount();

    renderRoute('/profile?email=changed&error=INVALID_TOKEN', { routes, me: ME });
    expect(
      await notifications().findByText(
        `${PROFILE_MESSAGES.emailChangeFailed}. ${PROFILE_MESSAGES.emailLinkInvalid}`,
      ),
    ).toBeInTheDocument();
  });
});

describe('agents', { timeout: 20_000 }, () => {
  it('are told their account is closed by support instead of getting the delete button', async () => {
    fakeApi(http.get('/api/me/profile', () => HttpResponse.json({ ...PROFILE, role: 'agent' })));
    renderRoute('/profile', { routes, me: { ...ME, user: { ...ME.user, role: 'agent' }, agentId: 'a1' } });
    expect(await screen.findByText(PROFILE_MESSAGES.deleteNotAllowed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
  });
});
