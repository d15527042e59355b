/**
 * REQ-AUTH-13, session state and errors as a person sees them: a neutral header while the session loads, 'My Abode'
 * once signed in, a saved name shown at once, a sign-out in one tab ending the other, the reason a suspended session
 * ended, an offline search that says so, stat cards that stop loading when their API fails, and the admin properties
 * table's actions within a 1280 px screen with the sidebar open. Runs against the real server and its demo data.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, signIn, signUpAndIn } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

// Demo accounts only where their data is needed: sign-ins per account are limited (10 an hour) across the suite.
const NETWORK_MESSAGE = 'Network error. Please check your connection and try again.';

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

test('@mobile while the session loads the header shows no Sign In; signed in, My Abode leads to the dashboard', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(90_000);
  await signUpAndIn(page, `client-${randomUUID().slice(0, 8)}@example.com`);

  // Hold /api/me: the header must stay neutral rather than offer Sign In to someone who is signed in.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/favourites');
  await expect(page.getByRole('link', { name: 'Abode' }).first()).toBeVisible();
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  release();

  // Signed in: 'My Abode' in the header (the phone's menu) and in the avatar menu.
  const nav = page.getByRole('navigation', { name: isMobile ? 'Main mobile' : 'Main' });
  await expect(nav.getByRole('link', { name: 'My Abode' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  if (isMobile) await page.getByRole('button', { name: 'Close menu' }).click();
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'My Abode' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('tab', { name: 'Recent Views' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Recent Views' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a saved name shows in the header and the greeting without a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAndIn(page, `client-${randomUUID().slice(0, 8)}@example.com`, { firstName: 'Rowan' });
  await expect(page.getByRole('heading', { name: 'Welcome back, Rowan' })).toBeVisible();
  await expect(accountMenu(page)).toHaveText('R');

  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.getByLabel('First name').fill('Imogen');
  await page.getByLabel('Last name (optional)').fill('Ashby');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Profile updated successfully').first()).toBeVisible();
  await expect(accountMenu(page)).toHaveText('IA');

  // Client-side navigation, no reload: the greeting reads the same session.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Abode' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Imogen' })).toBeVisible();
});

test('signing out in one tab ends the session in the other at once', async ({ context }) => {
  test.setTimeout(90_000);
  const first = await context.newPage();
  await signUpAndIn(first, `client-${randomUUID().slice(0, 8)}@example.com`);
  const second = await context.newPage();
  await second.goto('/favourites');
  await expect(accountMenu(second)).toBeVisible();

  await accountMenu(first).click();
  await first.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(first).toHaveURL(/\/$/);
  // The other tab does nothing: it hears of the sign-out and leaves the protected page.
  await expect(second).toHaveURL(/\/auth$/);
  await expect(second.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('offline, a new search shows the network message and does not give the old results as the new', async ({
  page,
  context,
}) => {
  // Offline before the toast region's code arrived (it loads once the page is idle): the app must not go blank.
  await page.route('**/assets/app-toaster-*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/search?location=Reading');
  await expect(page.getByRole('heading', { level: 1, name: /Propert(y|ies) Found/ })).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel('Location').fill('Leeds');
  await page.getByLabel('Location').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Search unavailable' })).toBeVisible();
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'These are the results of your previous search.' });
  await expect(notice).toContainText(NETWORK_MESSAGE);

  // Back online, the toast region arrives and the search runs again.
  await page.unroute('**/assets/app-toaster-*.js');
  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Propert(y|ies) Found/ })).toBeVisible();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts).toBeAttached();

  // Offline again: this time the network message is a toast too.
  await context.setOffline(true);
  await page.getByLabel('Location').fill('York');
  await page.getByLabel('Location').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Search unavailable' })).toBeVisible();
  await expect(toasts.getByText(NETWORK_MESSAGE).first()).toBeVisible();
  await context.setOffline(false);
});

test('stat cards show the error instead of loading forever when their API fails', async ({ page }) => {
  await signIn(page, DEMO_ACCOUNTS.agent.email, DEMO_ACCOUNTS.agent.password, /\/agent\/dashboard$/);
  await page.route('**/api/agent/dashboard', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }),
  );
  await page.goto('/agent/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Try again' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Not available')).toHaveCount(4);

  // The agent's enquiries show when each arrived, with the time.
  await page.unroute('**/api/agent/dashboard');
  await page.goto('/agent/enquiries');
  await expect(page.getByText(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/).first()).toBeVisible();
  // With the time the row still fits 1280 px with the sidebar open: View is not pushed off the screen.
  const view = page
    .getByRole('table')
    .getByRole('button', { name: /^View / })
    .first();
  const box = (await view.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
});

test("a super admin: the properties table keeps Approve and Reject on a 1280 px screen, users' short ids differ, and a suspended client is told why their session ended", async ({
  page,
  browser,
}) => {
  // One sign-in as the super admin: sign-ins per address and e-mail are limited (5 an hour) across the suite.
  test.setTimeout(150_000);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const email = `client-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(client, email, { firstName: 'Tamsin' });

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(
    page,
    DEMO_ACCOUNTS.superAdmin.email,
    DEMO_ACCOUNTS.superAdmin.password,
    /\/admin\/dashboard$/,
  );

  // 1. The properties table at 1280 px with the sidebar open: Approve and Reject within the screen, no sideways scroll.
  await page.goto('/admin/properties?approval=pending&q=Reading');
  await expect(page.getByRole('navigation', { name: 'Admin Portal navigation' })).toBeVisible();
  const approve = page.getByRole('button', { name: /^Approve / }).first();
  const reject = page.getByRole('button', { name: /^Reject / }).first();
  for (const button of [approve, reject]) {
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  const table = page.getByRole('table');
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(
    true,
  );
  await expectNoSeriousA11yViolations(page);

  // 2. Every demo agent's short id differs (they all read 'demo-age').
  await page.goto('/admin/users?role=agent');
  const idCells = page.getByRole('table').locator('tbody code');
  await expect(idCells.first()).toBeVisible();
  const ids = await idCells.allTextContents();
  expect(ids.length).toBeGreaterThan(1);
  expect(new Set(ids).size).toBe(ids.length);

  // 3. Suspend the client: their open page, at its next visit, says why the session ended; then reactivate them.
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: 'Suspend Tamsin' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('User suspended successfully').first()).toBeVisible();
  await client.goto('/dashboard');
  await expect(client).toHaveURL(/\/auth$/);
  await expect(client.getByRole('alert')).toContainText(
    'This account has been suspended. Please contact support.',
  );
  await expectNoSeriousA11yViolations(client);
  await page.getByRole('button', { name: 'Reactivate Tamsin' }).click();
  await expect(page.getByText('User reactivated successfully').first()).toBeVisible();
  await clientContext.close();

  // 4. A failed load: the counts stop loading and the page says so.
  await page.route('**/api/admin/properties*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }),
  );
  await page.goto('/admin/properties');
  await expect(page.getByText('Not available')).toHaveCount(4, { timeout: 20_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch properties' })).toBeVisible();
});
