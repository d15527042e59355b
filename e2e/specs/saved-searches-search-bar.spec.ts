/**
 * REQ-CLIENT-10, items 12–14, as a person meets them: saving a search asks about e-mail alerts and names the search by
 * its filters, a second save of the same search offers to open the first, the dashboard's cards carry the alerts
 * switch; the header's Search lists homes for sale only (every search has a mode, Buy by default); and on a phone
 * the home page keeps a compact search bar in view that brings back the full form. Axe runs on each screen, and
 * screenshots of each go to /tmp/shots-search (desktop and Pixel 7).
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUpAndIn } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const SHOTS = '/tmp/shots-search';
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const cards = (page: Page) => results(page).getByRole('article');

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png` });
}

async function settled(page: Page): Promise<void> {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^[\d,]+ Propert(y|ies) Found$/);
  await expect(cards(page).first()).toBeVisible();
}

test("the header's Search lists homes for sale only, and /search alone is the Buy search @mobile", async ({
  page,
  isMobile,
}) => {
  await page.goto('/');
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main mobile' }).getByRole('link', { name: 'Search' }).click();
  } else {
    await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/search\?mode=sale$/);
  await settled(page);
  const prices = await results(page).getByTestId('listing-price').allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  expect(prices.filter((p) => p.includes('/month'))).toEqual([]);

  // An old link without a mode: the Buy search, and the address bar says so.
  await page.goto('/search?location=Manchester');
  await expect(page).toHaveURL(/\/search\?location=Manchester&mode=sale$/);
  await settled(page);
  const manchester = await results(page).getByTestId('listing-price').allTextContents();
  expect(manchester.filter((p) => p.includes('/month'))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
});

test('saving a search asks about alerts, names it by its filters, refuses a twin and shows the switch @mobile', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signUpAndIn(page, `saved-${randomUUID().slice(0, 8)}@example.com`);

  // 1. Save a rental search: the dialog names it and asks about alerts, with nothing chosen.
  await page.goto('/search?location=Manchester&mode=rent&bedrooms=2');
  await settled(page);
  await page.getByRole('button', { name: 'Save Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Properties to rent in Manchester, 2+ beds');
  const alerts = dialog.getByRole('group', { name: 'E-mail alerts for new homes' });
  for (const choice of [/No e-mails/, /Instant/, /Daily/])
    await expect(alerts.getByRole('radio', { name: choice })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'save-dialog');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByText('Choose whether to get e-mail alerts for this search')).toBeVisible();
  await alerts.getByRole('radio', { name: /Daily/ }).check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Your search has been saved successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 2. The same search again: refused, with a way to open the one already saved.
  await page.getByRole('button', { name: 'Save Search' }).click();
  await dialog.getByRole('radio', { name: /Instant/ }).check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/You have already saved this search\./);
  await shot(page, info, 'save-dialog-duplicate');
  await dialog.getByRole('button', { name: 'Open saved search' }).click();
  await expect(page).toHaveURL(/\/saved-searches\?open=[0-9a-f-]{36}$/);
  const opened = page.getByRole('article', { name: 'Properties to rent in Manchester, 2+ beds' });
  await expect(opened).toHaveAttribute('aria-current', 'true');
  await expect(opened.getByRole('heading')).toBeFocused();
  await expect(opened.getByRole('switch', { name: 'E-mail alerts' })).toBeChecked();
  await expect(opened.getByLabel('Alert frequency')).toHaveValue('daily');

  // 3. Another search in the same town, without e-mails.
  await page.goto('/search?location=Manchester&mode=sale&type=house');
  await settled(page);
  await page.getByRole('button', { name: 'Save Search' }).click();
  await dialog.getByRole('radio', { name: /No e-mails/ }).check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Your search has been saved successfully')).toBeVisible();

  // 4. The dashboard tells them apart and shows each one's alerts switch; switching works there.
  await page.goto('/dashboard?tab=saved-searches');
  const rent = page.getByRole('article', { name: 'Properties to rent in Manchester, 2+ beds' });
  const sale = page.getByRole('article', { name: 'Houses for sale in Manchester' });
  await expect(rent.getByRole('switch', { name: 'E-mail alerts' })).toBeChecked();
  await expect(rent.getByText('Alerts On')).toBeVisible();
  await expect(sale.getByRole('switch', { name: 'E-mail alerts' })).not.toBeChecked();
  await expect(sale.getByText('Alerts On')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'dashboard-saved-searches');
  await sale.getByRole('switch', { name: 'E-mail alerts' }).click();
  await expect(page.getByText('E-mail alerts switched on')).toBeVisible();
  await expect(sale.getByRole('switch', { name: 'E-mail alerts' })).toBeChecked();
  await expect(sale.getByText('Alerts On')).toBeVisible();
});

test('@mobile-only on a phone the home page keeps a compact search bar in view that opens the full form', async ({
  page,
}, info) => {
  await page.goto('/');
  const compact = page.getByRole('button', { name: /^Search properties/ });
  const location = page.getByLabel('Location');
  await expect(location).toBeInViewport();
  await expect(compact).toHaveCount(0);
  await shot(page, info, 'home-top');

  await page.getByLabel('Location').fill('Leeds');
  await page.getByLabel('Bedrooms').selectOption({ label: '2+ beds' });
  for (const y of [900, 1800, 100_000]) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect(location).not.toBeInViewport();
    await expect(compact).toBeInViewport();
  }
  const box = (await compact.boundingBox())!;
  // Right under the 64 px header.
  expect(box.y).toBeGreaterThanOrEqual(64);
  expect(box.y).toBeLessThan(64 + 24);
  await expect(compact).toContainText('Buy · Leeds · 2+ beds');
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'home-compact-bar');

  await compact.tap();
  await expect(location).toBeFocused();
  await expect(location).toBeInViewport();
  await expect(location).toHaveValue('Leeds');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeInViewport();
  await expect(compact).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'home-full-form-again');
});

test('on a desktop the whole home search bar stays in view as the page scrolls', async ({ page }, info) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 1200));
  const location = page.getByLabel('Location');
  await expect(location).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Search properties/ })).toHaveCount(0);
  await shot(page, info, 'home-scrolled');
});
