/**
 * Accounts and inputs of REQ-AGENT-02 against the real server: an agent account without an agent profile is told so
 * and creates it (not 'Failed to load dashboard'); Enter in Sign Up (and on the reset page) with a weak password
 * says what is wrong; signing up with an address that has an account answers as for a new one and e-mails the owner
 * a sign-in and a reset link. The changed screens are
 * saved at desktop and phone size for checking by eye (SHOTS_DIR, else the test output folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { linkIn, mailTo, PASSWORD, signIn } from '../fixtures/accounts.ts';
import { postAsPage } from '../fixtures/api.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR ?? path.join(testInfo.project.outputDir, 'screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${testInfo.project.name}.png`), fullPage: true });
}

async function openSignUp(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Siân');
  await page.getByLabel('Email', { exact: true }).fill(email);
}

test('an agent account without a profile is told so, creates the profile and lands on the dashboard @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `no-profile-${randomUUID().slice(0, 8)}@example.com`;
  // Made as scripts and the demo seed make accounts: role agent, no agents row.
  await page.goto('/');
  const made = await postAsPage(page, '/api/dev/agent-user', {
    email,
    password: PASSWORD,
    firstName: 'Siân',
  });
  expect(made.ok()).toBe(true);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  await expect(page.getByText('Failed to load dashboard')).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Agent profile' });
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Siân');
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);
  await shot(page, testInfo, 'agent-profile-missing');

  // Any agent page says the same until the profile exists.
  await page.goto('/agent/enquiries');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();

  // Not a demo agency's name: the admin's agency filter (agency-volume.spec.ts) picks the demo 'Harbour & Vale' by it.
  await form.getByLabel('Agency name').fill('Penrose & Hale');
  await form.getByLabel('Primary phone').fill('-----');
  await form.getByRole('button', { name: 'Create Profile' }).click();
  await expect(form.getByText('Phone number must contain at least 5 digits')).toBeVisible();
  await shot(page, testInfo, 'agent-profile-missing-errors');
  await form.getByLabel('Primary phone').fill('020 7946 0123');
  await form.getByRole('button', { name: 'Create Profile' }).click();

  await expect(page.getByText('Profile created')).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Siân' })).toBeVisible();
  await page.goto('/agent/profile');
  await expect(page.getByLabel('Agency name')).toHaveValue('Penrose & Hale');
});

test('Enter in Sign Up with a weak password says what is wrong and sends nothing @mobile', async ({
  page,
}, testInfo) => {
  const signUps: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up')) signUps.push(request.url());
  });
  await openSignUp(page, `weak-${randomUUID().slice(0, 8)}@example.com`);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('harbour');
  await password.press('Enter');
  await expect(page.getByText('Please ensure your password meets all security requirements.')).toBeVisible();
  await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
  await shot(page, testInfo, 'sign-up-weak-password-enter');
  expect(signUps).toEqual([]);
});

test('signing up with an address that has an account answers the same and e-mails the owner @mobile', async ({
  page,
}, testInfo) => {
  const email = `taken-${randomUUID().slice(0, 8)}@example.com`;
  for (let attempt = 0; attempt < 2; attempt++) {
    await openSignUp(page, email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Check your email to confirm your account')).toBeVisible();
  }
  const notice = await mailTo(page, email, /^Someone tried to create an Abode account/);
  expect(linkIn(notice.text, /\/auth$/)).toBe('/auth');
  await page.goto(linkIn(notice.text, /reset-password/));
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await expect(page.getByText('Choose a new password for your account.')).toBeVisible();
  // As in Sign Up, Enter with a password that misses the rules says what is wrong.
  const password = page.getByLabel('New password');
  await password.fill('harbour');
  await password.press('Enter');
  await expect(page.getByText('Please ensure your password meets all security requirements.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await shot(page, testInfo, 'reset-password-weak-enter');
});
