/**
 * Two-factor sign-in in the browser (ADR 031): a client turns it on in Profile with an authenticator app (the code
 * computed from the key the page shows, as an app would), keeps the backup codes, then signs in with a backup code,
 * with a code and 'Trust this device', and without a code on that device; on another device wrong codes are
 * refused and the account is blocked after five. A newly promoted super admin is led to set it up before reaching the
 * admin portal. Axe on the setup and the sign-in step; screenshots at phone and desktop widths.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { DEMO_SESSIONS, PASSWORD, signIn, signUpAndIn } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const PHONE = { width: 390, height: 844 };

/** Turns two-factor on from the page the section is on; the authenticator and the backup codes shown. */
async function enrol(page: Page): Promise<{ totp: OTPAuth.TOTP; backupCodes: string[] }> {
  // In settings a button opens the setup; the setup page starts at the password.
  // The input (Profile also has a 'Password' section).
  const password = page.getByLabel('Password', { exact: true }).and(page.locator('input'));
  if (!(await password.isVisible()))
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const key = (await page
    .locator('code')
    .filter({ hasText: /^[A-Z2-7 ]+$/ })
    .textContent())!.replace(/\s/g, '');
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 });
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCodes = await codes.allTextContents();
  await page.getByRole('button', { name: 'I have saved my backup codes' }).click();
  return { totp, backupCodes };
}

async function signOut(page: Page, email: string): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: `Account menu for ${email}` })
    .click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
}

/** A code the app does not show now. */
const wrongCode = (totp: OTPAuth.TOTP) =>
  String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');

test('a client turns two-factor on and signs in with a backup code, a code and a trusted device', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `two-factor-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(page, email);
  await page.goto('/profile#two-factor');
  const { totp, backupCodes } = await enrol(page);
  await expect(
    page.getByText('You sign in with your password and a code from your authenticator app.'),
  ).toBeVisible();
  await signOut(page, email);

  // The password alone opens nothing: the second step asks for a code. A wrong one is refused; a backup code works.
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/two-factor-challenge-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Authentication code').fill(wrongCode(totp));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That code is not right.')).toBeVisible();
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page, email);

  // A code and 'Trust this device': the next sign-in on this browser needs no code.
  await signIn(page, email, PASSWORD);
  await page.getByLabel('Authentication code').fill(totp.generate());
  await page.getByLabel('Trust this device for 30 days').check();
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page, email);
  await signIn(page, email, PASSWORD, /\/dashboard$/);

  // Another browser is not trusted; five wrong codes and the account is blocked, even for the right one.
  const other = await browser.newContext();
  const thief = await other.newPage();
  await signIn(thief, email, PASSWORD);
  for (let i = 0; i < 5; i += 1) {
    await thief.getByLabel('Authentication code').fill(wrongCode(totp));
    await thief.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(thief.getByText('That code is not right.')).toBeVisible();
  }
  await thief.getByLabel('Authentication code').fill(totp.generate());
  await thief.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(thief.getByText('Too many codes tried. Please try again later.')).toBeVisible();
  await expect(thief).toHaveURL(/\/auth/);
  await other.close();
});

test('a new super admin is led to set up two-factor before the admin portal', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = `super-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(page, email);

  // The demo super admin (password-only: a demo account) promotes them.
  const demo = await browser.newContext({ storageState: DEMO_SESSIONS.superAdmin });
  const promoted = await demo.request.post('/api/admin/team', {
    data: { email, adminRole: 'super_admin' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(promoted.status()).toBe(201);
  const settings = await demo.newPage();
  await settings.goto('/admin/settings');
  await expect(settings.getByText(/Demo accounts sign in with a password only/)).toBeVisible();
  await expect(settings.getByRole('switch', { name: 'Admins' })).toBeVisible();
  await demo.close();

  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  const blocked = await page.request.get('/api/admin/users');
  expect(blocked.status()).toBe(403);
  expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe(
    'TWO_FACTOR_SETUP_REQUIRED',
  );
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth\/two-factor$/);

  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/two-factor-setup-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await enrol(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/settings');
  await expect(
    page.getByText('Your account must use two-factor sign-in, so it cannot be turned off.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/two-factor-admin-settings.png', fullPage: true });
});
