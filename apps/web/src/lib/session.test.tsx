/**
 * Who is signed in, kept true (REQ-SITE-04): a neutral header until /api/me answers, 'My Abode' once signed in, a saved
 * name reaching the header without a reload, a sign-out in another tab, a 401 that ends the session here, the reason
 * a suspended session ended on /auth, a malformed /api/me after sign-in, the auth service's retries, and typing kept
 * across the /auth tabs.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { MESSAGES } from '@abode/shared/messages';
import { SiteHeader } from '#src/components/layouts/site-header.tsx';
import { apiRequest } from '#src/lib/api-client.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { sessionKeys } from '#src/lib/query-keys.ts';
import { agentMe, clientMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute, renderWithRouter } from '#src/testing/test-utils.tsx';

/** `GET /api/me` answers `answer()` (signed out, as the API says it with no session, unless told otherwise). */
const answerMe = (
  answer: () => Response | Promise<Response> = () => HttpResponse.json({}, { status: 401 }),
) => server.use(http.get('/api/me', answer));

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

afterEach(() => {
  sessionStorage.clear();
});

describe('the header', { timeout: 20_000 }, () => {
  it('shows neither Sign In nor member links until /api/me answers, then Sign In for a visitor', async () => {
    let answer: ((response: Response) => void) | undefined;
    answerMe(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithRouter(<SiteHeader />, { me: 'fetch' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Favourites' })).not.toBeInTheDocument();

    await waitFor(() => expect(answer).not.toBe(undefined));
    await act(async () => answer?.(HttpResponse.json({}, { status: 401 })));
    expect(await screen.findAllByRole('link', { name: 'Sign In' })).not.toHaveLength(0);
  });

  it("links a signed-in user to their own dashboard as 'My Abode'", () => {
    const client = renderWithRouter(<SiteHeader />, { me: clientMe() });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'My Abode' })).toHaveAttribute('href', '/dashboard');
    client.unmount();

    renderWithRouter(<SiteHeader />, { me: agentMe() });
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'My Abode' }),
    ).toHaveAttribute('href', '/agent/dashboard');
  });

  it('shows a saved name at once: invalidating the session re-reads /api/me', async () => {
    answerMe(() => HttpResponse.json(clientMe({ firstName: 'Bea', lastName: 'Quill' })));
    const { queryClient } = renderWithRouter(<SiteHeader />, { me: clientMe({ firstName: 'Jo' }) });
    expect(await screen.findByRole('button', { name: /Account menu/ })).toHaveTextContent('J');

    await act(() => queryClient.invalidateQueries({ queryKey: sessionKeys.me() }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Account menu/ })).toHaveTextContent('BQ'));
  });
});

describe('a session that ends', { timeout: 20_000 }, () => {
  it('in another tab ends here at once: a protected page goes to /auth', async () => {
    // Signed out elsewhere: the server no longer knows the session, should the page ask for the profile first.
    answerMe();
    server.use(
      http.get('/api/me/profile', () =>
        HttpResponse.json(
          { error: { code: 'UNAUTHENTICATED', message: MESSAGES.authentication } },
          { status: 401 },
        ),
      ),
    );
    const { router } = renderRoute('/profile', { me: clientMe() });
    const otherTab = new BroadcastChannel('abode-session');
    otherTab.postMessage({ type: 'signed-out' });
    otherTab.close();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('signing out here tells the other tabs', async () => {
    server.use(http.post('/api/auth/sign-out', () => HttpResponse.json({ success: true })));
    // Signed out, the session is read again.
    answerMe();
    const heard = vi.fn();
    const otherTab = new BroadcastChannel('abode-session');
    otherTab.onmessage = (event) => heard(event.data);
    let signOut: () => Promise<void> = async () => {};
    function Probe() {
      signOut = useAuth().signOut;
      return null;
    }
    renderWithRouter(<Probe />, { me: clientMe() });
    await act(() => signOut());
    await waitFor(() => expect(heard).toHaveBeenCalledWith({ type: 'signed-out' }));
    otherTab.close();
  });

  it('a 401 on any request re-reads /api/me, so the header stops showing the user', async () => {
    answerMe();
    server.use(
      http.put('/api/me/favourites/:id', () =>
        HttpResponse.json(
          { error: { code: 'UNAUTHENTICATED', message: MESSAGES.authentication } },
          { status: 401 },
        ),
      ),
    );
    const { queryClient } = renderWithRouter(<SiteHeader />, { me: clientMe() });
    expect(await screen.findByRole('button', { name: /Account menu/ })).toBeInTheDocument();
    await act(() =>
      queryClient
        .getMutationCache()
        .build(queryClient, {
          mutationFn: () => apiRequest('/api/me/favourites/x', { method: 'PUT', schema: z.unknown() }),
        })
        .execute(undefined)
        .catch(() => {}),
    );
    expect(await screen.findAllByRole('link', { name: 'Sign In' })).not.toHaveLength(0);
  });

  it('by suspension says why on /auth', async () => {
    answerMe(() =>
      HttpResponse.json(
        { error: { code: 'ACCOUNT_SUSPENDED', message: AUTH_MESSAGES.accountSuspended } },
        { status: 401 },
      ),
    );
    renderRoute('/auth', { me: 'fetch' });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.accountSuspended);
  });

  it('for any other reason says nothing on /auth', async () => {
    answerMe();
    renderRoute('/auth', { me: 'fetch' });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/auth', { timeout: 20_000 }, () => {
  it('a sign-in whose session reads back malformed is an unexpected error, not a success', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json({ token: 't', user: { id: 'u1', email: 'jo@example.com' } }),
      ),
    );
    answerMe(() => HttpResponse.json({ unexpected: true }));
    const user = userEvent.setup();
    const { router } = renderRoute('/auth');
    await user.type(await screen.findByLabelText('Email'), 'jo@example.com');
    await user.type(screen.getByLabelText('Password'), 'Brightfield9!x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await notifications().findByText(AUTH_MESSAGES.unexpected)).toBeInTheDocument();
    expect(notifications().queryByText(AUTH_MESSAGES.signInSuccess)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('keeps what was typed when switching between Sign In and Sign Up', async () => {
    const user = userEvent.setup();
    renderRoute('/auth');
    await user.type(await screen.findByLabelText('Email'), 'jo@example.com');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('First name'), 'Jo');
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveValue('jo@example.com');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Jo');
  });
});

describe('the auth service', () => {
  it('is asked again after 502, 503 and 504, with back-off; a 500 is final', async () => {
    vi.useFakeTimers();
    try {
      const { authClient } = await import('#src/lib/auth-client.ts');
      const answers = [502, 503, 504, 200];
      let asked = 0;
      server.use(
        http.post('/api/auth/sign-out', () => {
          asked += 1;
          const status = answers.shift() ?? 200;
          return status === 200 ? HttpResponse.json({ success: true }) : HttpResponse.json({}, { status });
        }),
      );
      const result = authClient.signOut();
      await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
      expect((await result).error).toBeNull();
      expect(asked).toBe(4);

      let failed = 0;
      server.use(
        http.post('/api/auth/sign-out', () => {
          failed += 1;
          return HttpResponse.json({}, { status: 500 });
        }),
      );
      const final = authClient.signOut();
      await vi.advanceTimersByTimeAsync(10_000);
      expect((await final).error?.status).toBe(500);
      expect(failed).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
