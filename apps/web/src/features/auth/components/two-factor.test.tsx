import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { TWO_FACTOR_MESSAGES } from '@abode/shared/auth/two-factor';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { clientMe, superAdminMe } from '#src/testing/fixtures/me.ts';
import { answerSavedHomes } from '#src/testing/handlers/client-saved-homes.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

describe('two-factor sign-in (ADR 031)', { timeout: 20_000 }, () => {
  it('asks for the code after the password, shows a refused code under the field, then signs in', async () => {
    let signedIn = false;
    const codes: string[] = [];
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
      ),
      http.post('/api/auth/two-factor/verify-totp', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        codes.push(code);
        if (code !== '123456')
          return HttpResponse.json(
            { code: 'INVALID_CODE', message: TWO_FACTOR_MESSAGES.invalidCode },
            { status: 401 },
          );
        signedIn = true;
        return HttpResponse.json({ user: { id: 'user-1' } });
      }),
      http.get('/api/me', () =>
        signedIn ? HttpResponse.json(clientMe()) : HttpResponse.json({}, { status: 401 }),
      ),
    );
    // Where the client lands: their dashboard, empty.
    answerSavedHomes();
    const user = userEvent.setup();
    const { router } = renderRoute('/auth', { me: 'fetch' });
    await user.type(await screen.findByLabelText('Email'), 'jo@example.com');
    await user.type(screen.getByLabelText('Password'), 'Brightfield9!x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(codes).toEqual([]);

    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.invalidCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await notifications().findByText(AUTH_MESSAGES.signInSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(codes).toEqual(['654321', '123456']);
  });

  it('sends a required user who has not set it up to the setup, from every portal page', async () => {
    const me = superAdminMe({}, { twoFactor: { enabled: false, required: true, demo: false } });
    const { router } = renderRoute('/admin/dashboard', { me });
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/two-factor');
    expect(screen.getByText(/Set up two-factor sign-in to continue/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('lets a super admin require it of admins, and shows others the policy read-only', async () => {
    const puts: unknown[] = [];
    const POLICY = '/api/admin/two-factor-policy';
    server.use(
      http.get(POLICY, () => HttpResponse.json({ requireForAdmins: false, requireForAgencyManagers: false })),
      http.put(POLICY, async ({ request }) => {
        const body = await request.json();
        puts.push(body);
        return HttpResponse.json(body);
      }),
      http.get('/api/admin/team', () => HttpResponse.json({ items: [], canManage: true })),
      http.get('/api/admin/limits', () => HttpResponse.json({}, { status: 500 })),
    );
    const user = userEvent.setup();
    renderRoute('/admin/settings', { me: superAdminMe() });
    const admins = await screen.findByRole('switch', { name: 'Admins' });
    expect(admins).not.toBeChecked();
    await user.click(admins);
    await waitFor(() => expect(puts).toEqual([{ requireForAdmins: true, requireForAgencyManagers: false }]));
    await waitFor(() => expect(admins).toBeChecked());
    expect(
      screen.getByText('You sign in with your password and a code from your authenticator app.'),
    ).toBeInTheDocument();
  });
});
