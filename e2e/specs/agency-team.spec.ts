/**
 * An agency's team (ADR 029) against the real server and demo data: Clara Whitmore, owner of Harbour & Vale, invites a
 * new negotiator to the Reading branch from the Team screen; the invitee opens the link from the e-mail, creates
 * their account on the join page, lands in the agent portal, sees Reading's listings and no Team entry; Clara removes
 * them and their next page load is signed out. Axe runs on the Team screen and the join page; both are saved at
 * desktop and phone width for checking by eye.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_SESSIONS, linkIn, mailTo, PASSWORD } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { atBothWidths, DESKTOP } from '../fixtures/screenshots.ts';

test('an owner invites a negotiator to Reading, who joins and works there until removed', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const email = `negotiator-${randomUUID().slice(0, 8)}@example.com`;

  // 1. The owner's Team screen: the demo firm's members, and the invitation. Clara's session was saved once for the
  // run (demo-sessions.setup.ts): SPEC allows 5 sign-ins an hour per address and e-mail.
  const owner = await browser.newContext({ storageState: DEMO_SESSIONS.owner, viewport: DESKTOP });
  const page = await owner.newPage();
  await page.goto('/agent/dashboard');
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/agent\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members of the agency' })).toContainText('Clara Whitmore');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Invite someone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone to your agency' });
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Role').selectOption('negotiator');
  await dialog.getByRole('checkbox', { name: 'Reading' }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent').first()).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending).toContainText(email);
  await expect(pending).toContainText('Negotiator · Reading');
  await expectNoSeriousA11yViolations(page);
  await atBothWidths(page, 'team');

  const team = (await (await page.request.get('/api/agent/team')).json()) as {
    branches: { id: string; name: string }[];
  };
  const reading = team.branches.find((b) => b.name === 'Reading')!.id;

  // 2. The invitee, in a browser of their own, follows the e-mailed link and creates their account.
  const context = await browser.newContext({ viewport: DESKTOP });
  const invitee = await context.newPage();
  const mail = await mailTo(invitee, email, /invited you to join Harbour & Vale/);
  await invitee.goto(linkIn(mail.text, /\/agent\/join\?token=/));
  await expect(invitee.getByRole('heading', { level: 1, name: 'Join Harbour & Vale' })).toBeVisible();
  await expect(invitee.getByText('You are invited as a negotiator in Reading.')).toBeVisible();
  const form = invitee.getByRole('form', { name: 'Create your account' });
  await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expectNoSeriousA11yViolations(invitee);
  await atBothWidths(invitee, 'join');
  await form.getByLabel('First name').fill('Nadia');
  await form.getByLabel('Last name (optional)').fill('Okafor');
  await form.getByLabel(/^Password\*?$/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account and join' }).click();

  // 3. In the agent portal: Reading's listings, no Team entry.
  await expect(invitee).toHaveURL(/\/agent\/dashboard$/, { timeout: 20_000 });
  await expect(invitee.getByRole('link', { name: 'Properties', exact: true })).toBeVisible();
  await expect(invitee.getByRole('link', { name: 'Team' })).toHaveCount(0);
  const listings = (await (await invitee.request.get('/api/agent/properties?pageSize=100')).json()) as {
    items: { title: string; branchId: string }[];
  };
  expect(listings.items.length).toBeGreaterThan(0);
  expect(new Set(listings.items.map((l) => l.branchId))).toEqual(new Set([reading]));
  await invitee.goto('/agent/properties');
  await expect(invitee.getByText(listings.items[0]!.title).first()).toBeVisible();
  expect((await invitee.request.get('/api/agent/team')).status()).toBe(200);

  // 4. The owner removes them: the invitee's next page load is signed out.
  await page.reload();
  await page.getByRole('button', { name: 'Remove Nadia Okafor' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove Nadia Okafor from Harbour & Vale?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Member removed').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members of the agency' })).not.toContainText('Nadia Okafor');

  await invitee.reload();
  await expect(invitee).toHaveURL(/\/auth$/);
  expect((await invitee.request.get('/api/me')).status()).toBe(401);
  await context.close();
  await owner.close();
});
