/**
 * Accounts (REQ-SEC-14): sign up as client and as agent, confirm from /dev/mail, sign in, land by role, sign out;
 * the guards' redirects and texts; axe on /auth. Runs against the real server and its outbox.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const PASSWORD = 'Tidy!Harbour#Lamp7';

async function signUp(page: Page, email: string, role: 'Client' | 'Agent'): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Siân');
  await page.getByLabel('Last name (optional)').fill("O'Brien");
  await page.getByLabel('Email', { exact: true }).fill(email);
  const create = page.getByRole('button', { name: 'Create Account' });
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await expect(create).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText('✓ Password meets all security requirements')).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(role) }).check();
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByText('Check your email to confirm your account')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
}

async function confirmFromOutbox(page: Page, email: string): Promise<void> {
  await page.goto('/dev/mail');
  const message = page
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` })
    .first();
  await expect(message).toBeVisible();
  await message.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/auth\/verified/);
}

test('a client signs up, confirms by e-mail, signs in, lands on /dashboard and signs out', async ({
  page,
}) => {
  const email = `client-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(page, email, 'Client');

  await signIn(page, email, PASSWORD);
  await expect(page.getByText(/confirm your email/i).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await confirmFromOutbox(page, email);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('You have been signed in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Favourites' })).toBeVisible();
  await header.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
});

test('an agent signs up and lands on the agent dashboard', async ({ page }) => {
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(page, email, 'Agent');
  await confirmFromOutbox(page, email);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Add Property' })).toBeVisible();
});

test('guards: signed-out visitors go to /auth; a client is kept out of the agent and admin areas', async ({
  page,
}) => {
  for (const path of ['/dashboard', '/agent/dashboard', '/admin/dashboard']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  await signIn(page, DEMO_ACCOUNTS.client.email, DEMO_ACCOUNTS.client.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/agent/properties');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/users');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin portal.")).toBeVisible();
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
});

test('axe: /auth (both tabs) has no serious or critical violations @mobile', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await expectNoSeriousA11yViolations(page);
});

test('a forgotten password is reset by e-mail, and the link works once', async ({ page }) => {
  const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
  await signUp(page, email, 'Client');
  await confirmFromOutbox(page, email);

  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('E-mail for the reset link').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /.+/ }).first()).toBeVisible();

  await page.goto('/dev/mail');
  const message = page
    .getByRole('listitem')
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: 'Reset your Abode password' })
    .first();
  const link = await message.getByRole('link').first().getAttribute('href');
  await page.goto(link!);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  const resetPage = page.url();
  const newPassword = 'Quiet!Meadow#Fern8';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. You can now sign in with it.')).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/auth/);
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link a second time is refused.
  await page.goto(link!);
  await expect(page).not.toHaveURL(resetPage);
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});
