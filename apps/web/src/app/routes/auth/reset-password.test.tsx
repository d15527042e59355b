import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { PASSWORD_MESSAGES } from '@abode/shared/auth/password';
import { ResetPasswordRoute } from '#src/app/routes/auth/reset-password.tsx';
import { AUTH_MESSAGES } from '@abode/shared/auth/auth.schema';
import { recordRequests } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

test('Enter with a password that misses the rules says so and lists them, and sends nothing (REQ-AUTH)', async () => {
  // No handler answers the reset: a request for it would fail the test as well as the last assertion.
  const requests = recordRequests();
  const user = userEvent.setup();
  renderRoute('/auth/reset-password?token=abc123', {
    routes: [{ path: '/auth/reset-password', element: <ResetPasswordRoute /> }],
  });
  const password = await screen.findByLabelText('New password');
  await user.type(password, '{Enter}');
  const notifications = within(screen.getByRole('region', { name: /Notifications/ }));
  expect(await notifications.findByText(AUTH_MESSAGES.signUpPasswordRequirements)).toBeInTheDocument();
  expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();

  await user.type(password, 'harbour{Enter}');
  expect(screen.getByText(PASSWORD_MESSAGES.uppercase)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  expect(requests).toEqual([]);
});
