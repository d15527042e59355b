/**
 * The admin portal of issue #6 against the real server: the demo super admin approves one pending listing and rejects
 * another (the agent is e-mailed the reason), suspends a client — whose open session ends at once — and reactivates
 * them. Axe runs on every admin page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndIn } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const SUPER_ADMIN = { email: 'demo.superadmin@example.com', password: 'Demo-Super-2026!' };

async function signInAsSuperAdmin(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(SUPER_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SUPER_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Stacked toasts fade the ones behind on purpose; check the page itself once they have gone. */
async function toastsGone(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

test('a super admin approves and rejects listings, suspends and reactivates a client', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // A client with an open session in a browser of their own.
  const client = await browser.newPage();
  const email = `client-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(client, email, { firstName: 'Rhiannon' });

  await signInAsSuperAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 1. Approve the first pending listing, reject the next with a reason.
  // Demo listings in Reading only: other journeys running at the same time create pending listings elsewhere.
  await page.goto('/admin/properties?approval=pending&q=Reading');
  const approve = page.getByRole('button', { name: /^Approve / }).first();
  const approvedTitle = ((await approve.getAttribute('aria-label')) ?? '').replace(/^Approve /, '');
  await approve.click();
  await expect(page.getByText('Property approved successfully').first()).toBeVisible();
  const reject = page.getByRole('button', { name: /^Reject / }).first();
  await expect(reject).not.toHaveAttribute('aria-label', `Reject ${approvedTitle}`);
  await reject.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill('The photos show a different property.');
  await dialog.getByRole('button', { name: /Reject/ }).click();
  await expect(page.getByText('Property rejected successfully').first()).toBeVisible();
  await toastsGone(page);
  await expectNoSeriousA11yViolations(page);

  // 2. Suspend the client: their session ends; then reactivate them.
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Suspend Rhiannon' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('User suspended successfully').first()).toBeVisible();
  expect((await client.request.get('/api/me')).status()).toBe(401);
  await client.goto('/dashboard');
  await expect(client).toHaveURL(/\/auth$/);
  await page.getByRole('button', { name: 'Reactivate Rhiannon' }).click();
  await expect(page.getByText('User reactivated successfully').first()).toBeVisible();
  await toastsGone(page);
  await expectNoSeriousA11yViolations(page);
  await client.close();

  // 3. The other admin pages.
  for (const path of ['/admin/enquiries', '/admin/analytics', '/admin/audit-logs', '/admin/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  }
  // The rejected listing's agent was told why (the demo agents' mail goes to the outbox).
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/api/dev/mail')).json()) as { text: string }[];
      return mails.some((m) => m.text.includes('The photos show a different property.'));
    })
    .toBe(true);
});
