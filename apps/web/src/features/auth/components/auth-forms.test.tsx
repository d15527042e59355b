import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { PASSWORD_MESSAGES } from '@abode/shared/auth/password';
import { clientMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';

async function openAuth() {
  const view = renderRoute('/auth');
  await screen.findByRole('heading', { name: 'Welcome Back' });
  return view;
}

async function openSignUp() {
  const user = userEvent.setup();
  const view = await openAuth();
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
  return { user, ...view };
}

function notifications() {
  return within(screen.getByRole('region', { name: /Notifications/ }));
}

describe('sign-up form', { timeout: 20_000 }, () => {
  it('shows the strength meter at 25, 65 and 100 % and enables Create Account only for a valid password', async () => {
    const { user } = await openSignUp();
    const create = screen.getByRole('button', { name: 'Create Account' });
    expect(create).toBeDisabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    const meter = screen.getByRole('progressbar', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Weak')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.sequential)).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'Brightfield9');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '65');
    expect(screen.getByText('Medium')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.special)).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'Brightfield9!x');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.valid)).toBeInTheDocument();
    expect(create).toBeEnabled();
  });

  it('Enter with a weak password says so and lists the unmet rules, and sends nothing (REQ-AUTH)', async () => {
    const requests = recordRequests();
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('First name'), 'Siân');
    await user.type(screen.getByLabelText('Email'), 'sian@example.com');
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    // Nothing typed in the password yet: the rules it must meet show, and the field is marked.
    expect(await notifications().findByText(AUTH_MESSAGES.signUpMissingFields)).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();

    await user.type(password, 'weakpass{Enter}');
    expect(await notifications().findByText(AUTH_MESSAGES.signUpPasswordRequirements)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_MESSAGES.uppercase)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    expect(requests).toEqual([]);
  });

  it("offers 'I am a' Client or Agent, Client by default", async () => {
    await openSignUp();
    const group = screen.getByRole('radiogroup', { name: 'I am a' });
    expect(within(group).getByRole('radio', { name: /Client/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /Agent/ })).not.toBeChecked();
    expect(screen.getByText('Looking for property to buy or rent')).toBeInTheDocument();
    expect(screen.getByText('Estate agent or landlord')).toBeInTheDocument();
  });

  it('asks for the required fields, then checks the name, before calling the server', async () => {
    const requests = recordRequests();
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('Password'), 'Brightfield9!x');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await notifications().findByText(AUTH_MESSAGES.signUpMissingFields)).toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'R2D2');
    await user.type(screen.getByLabelText('Email'), 'r2@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await notifications().findByText(AUTH_MESSAGES.signUpInvalidName)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('sign-in form', { timeout: 20_000 }, () => {
  it.each([
    ['', '', AUTH_MESSAGES.signInMissingFields],
    ['someone@', 'secret123', AUTH_MESSAGES.signInInvalidEmail],
    ['someone@example.com', '12345', AUTH_MESSAGES.signInPasswordTooShort],
  ])('email %j, password %j → %s', async (email, password, message) => {
    const requests = recordRequests();
    const user = userEvent.setup();
    await openAuth();
    if (email) await user.type(screen.getByLabelText('Email'), email);
    if (password) await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await notifications().findByText(message)).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('a visitor who arrives signed in is sent to /', async () => {
    const { router } = renderRoute('/auth', {
      me: clientMe({ id: 'u1', email: 'c@example.com', firstName: 'Cara' }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('signs in, says so, and sends an agent to /agent/dashboard', async () => {
    const agent = {
      user: {
        id: 'u2',
        email: 'agent@example.com',
        firstName: 'Alex',
        lastName: null,
        role: 'agent',
        phone: null,
        isVerified: true,
      },
      isAdmin: false,
      adminRole: null,
      agentId: 'a1',
    };
    let signedIn = false;
    const signIns: unknown[] = [];
    server.use(
      http.post('/api/auth/sign-in/email', async ({ request }) => {
        signIns.push(await request.json());
        signedIn = true;
        return HttpResponse.json({ token: 't', user: { id: 'u2', email: 'agent@example.com' } });
      }),
      http.get('/api/me', () =>
        signedIn ? HttpResponse.json(agent) : HttpResponse.json({}, { status: 401 }),
      ),
      // Where the agent lands.
      http.get('/api/agent/dashboard', () =>
        HttpResponse.json({
          firstName: 'Alex',
          stats: { activeListings: 0, totalEnquiries: 0, viewsThisMonth: 0, newLeads: 0 },
          recentActivity: [],
        }),
      ),
    );
    const user = userEvent.setup();
    const { router } = await openAuth();
    await user.type(screen.getByLabelText('Email'), ' Agent@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'Brightfield9!x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await notifications().findByText(AUTH_MESSAGES.signInSuccess)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/dashboard'));
    expect(signIns).toEqual([expect.objectContaining({ email: 'agent@example.com' })]);
  });

  it('an unconfirmed e-mail is explained, with the server message and a way to resend', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    await openAuth();
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'Brightfield9!x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await notifications().findByText(AUTH_MESSAGES.signInFailedTitle)).toBeInTheDocument();
    expect(notifications().getByText('Email not verified')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Resend confirmation e-mail' })).toBeInTheDocument();
  });
});
