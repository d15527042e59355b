import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { renderRoute } from '#src/testing/test-utils.tsx';

test('the home page has the header, hero, Why Choose cards and a way to search', async () => {
  renderRoute('/');

  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(document.title).toBe('Abode — Property for sale and to rent');

  const nav = screen.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of [
    ['Search', '/search?mode=sale'],
    ['About', '/about'],
    ['Vision', '/vision'],
    ['Our Story', '/story'],
    ['Why Abode?', '/why-abode'],
  ]) {
    expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
  }
  expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/auth');
  expect(screen.getByRole('link', { name: /Explore Properties/ })).toHaveAttribute(
    'href',
    '/search?mode=sale',
  );

  const whyChoose = screen.getByRole('region', { name: 'Why Choose Abode' });
  for (const title of ['Curated Selection', 'Personal Collection', 'Premium Service']) {
    expect(within(whyChoose).getByRole('heading', { name: title })).toBeInTheDocument();
  }
  expect(screen.getByText(/Contains HM Land Registry data © Crown copyright/)).toBeInTheDocument();
});

test('Learn More moves to the Why Choose section', async () => {
  const user = userEvent.setup();
  renderRoute('/');
  await user.click(await screen.findByRole('button', { name: 'Learn More' }));
  expect(screen.getByRole('region', { name: 'Why Choose Abode' })).toHaveFocus();
});

test('the mobile menu button shows and hides the links', async () => {
  const user = userEvent.setup();
  renderRoute('/');
  await screen.findByRole('heading', { level: 1 });
  const button = screen.getByRole('button', { name: 'Open menu' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await user.click(button);
  await user.tab();
  expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('navigation', { name: 'Main mobile' })).toBeVisible();
  await user.keyboard('{Escape}');
  expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
  expect(menu).not.toBeVisible();
});
