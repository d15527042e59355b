/**
 * The admin portal of REQ-LISTING-02 against the real server: the demo super admin approves one pending listing and rejects
 * another (the agent is e-mailed the reason), suspends a client — whose open session ends at once — and reactivates
 * them; changes an enquiry's status and finds that change in the filtered audit log; promotes a new user to plain
 * admin, who sees Suspend disabled. Axe runs on every admin page.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn, signUpAndIn } from '../fixtures/accounts.ts';
import { postAsPage } from '../fixtures/api.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const SUPER_ADMIN = DEMO_ACCOUNTS.superAdmin;

test('a super admin approves and rejects listings, suspends and reactivates a client', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // A client with an open session in a browser of their own.
  const client = await browser.newPage();
  const email = `client-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(client, email, { firstName: 'Rhiannon' });

  await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password, /\/admin\/dashboard$/);
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

test("a super admin changes an enquiry's status, filters the audit log, and promotes a plain admin who cannot suspend", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password, /\/admin\/dashboard$/);

  // 1. Change the status of one of the demo agent's enquiries (fictional applicants at example.com).
  await page.goto('/admin/enquiries');
  await page
    .getByRole('button', { name: /^Change the status of the enquiry from / })
    .first()
    .click();
  const options = page.getByRole('menuitem');
  await expect(options).toHaveCount(2); // only the statuses other than the current one
  const chosen = (await options.first().textContent())!.trim();
  await options.first().click();
  await expect(page.getByText(`Enquiry marked as ${chosen}`).first()).toBeVisible();

  // 2. The change is in the audit log: filter by event type, action and the super admin's e-mail.
  await page.goto('/admin/audit-logs');
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('Event type').selectOption({ label: 'Admin action' });
  await filters.getByLabel('User e-mail').fill(SUPER_ADMIN.email);
  await filters.getByLabel('Search').fill('update_enquiry_status');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/eventType=admin_action/);
  await expect(page).toHaveURL(/user=demo.superadmin/);
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  await expect(log.getByText('Update enquiry status').first()).toBeVisible();
  await expect(log.getByText('Suspend user')).toHaveCount(0);
  await log
    .getByRole('button', { name: /^Details of Update enquiry status/ })
    .first()
    .click();
  const details = page.getByRole('dialog');
  await expect(details.getByText(SUPER_ADMIN.email)).toBeVisible();
  await expect(details.getByRole('heading', { name: 'After' })).toBeVisible();
  await expect(
    details.getByText(new RegExp(`"status": "${chosen.toLowerCase().replace(' ', '_')}"`)),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // 3. Promote a new user to plain admin in Settings; they can reactivate but not suspend.
  // A context of their own (axe needs one made by newContext).
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const email = `admin-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(colleague, email, { firstName: 'Idris' });
  await page.goto('/admin/settings');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('admin');
  await page.getByRole('button', { name: 'Add administrator' }).click();
  await expect(page.getByRole('list', { name: 'Administrators' }).getByText(email)).toBeVisible();

  await colleague.goto('/admin/users');
  await expect(colleague.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(colleague.getByText('Only a super admin can suspend users.')).toBeVisible();
  const suspendButtons = colleague.getByRole('button', { name: /^Suspend / });
  await expect(suspendButtons.first()).toBeVisible();
  await expect(suspendButtons.first()).toBeDisabled();
  await expectNoSeriousA11yViolations(colleague);
  // The server refuses too, not just the button.
  const target = await colleague.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  const { items } = (await target.json()) as { items: { id: string }[] };
  const refused = await postAsPage(colleague, `/api/admin/users/${items[0]!.id}/suspend`);
  expect(refused.status()).toBe(403);
  await colleagueContext.close();
});
