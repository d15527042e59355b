import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { PageLoading } from '#src/components/layouts/page-loading.tsx';
import { SiteHeader } from '#src/components/layouts/site-header.tsx';
import { renderWithRouter } from '#src/testing/test-utils.tsx';

test('a tap on the menu while the first page loads is kept when the page replaces the loading screen', async () => {
  const user = userEvent.setup();
  const loading = renderWithRouter(<PageLoading />);
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  loading.unmount();

  renderWithRouter(<SiteHeader />);
  const button = screen.getByRole('button', { name: 'Close menu' });
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('navigation', { name: 'Main mobile' })).toBeVisible();
  await user.click(button);
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});
