/** The public pages: header navigation, brand pages, attributions, and axe on every page (REQ-SITE-05). */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const BRAND_PAGES = [
  { link: 'About', path: '/about' },
  { link: 'Vision', path: '/vision' },
  { link: 'Our Story', path: '/story' },
  { link: 'Why Abode?', path: '/why-abode' },
];

test('the header leads to every brand page, each with a way to search', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('banner');
  for (const { link, path } of BRAND_PAGES) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /search/i })
        .first(),
    ).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?mode=sale$/);
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
});

test('the home page: hero, Why Choose cards and the calls to action', async ({ page }) => {
  await page.goto('/');
  for (const title of ['Curated Selection', 'Personal Collection', 'Premium Service']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Learn More' }).click();
  await expect(page.getByRole('heading', { name: 'Curated Selection' })).toBeInViewport();
  await page.getByRole('link', { name: 'Explore Properties' }).click();
  await expect(page).toHaveURL(/\/search\?mode=sale$/);
});

test('the footer carries the data attributions', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(
    'Contains HM Land Registry data © Crown copyright and database right 2025',
  );
  await expect(footer).toContainText('Contains OS data © Crown copyright and database right 2014');
  await expect(footer).toContainText(
    'Contains Royal Mail data © Royal Mail copyright and database right 2014',
  );
  await expect(footer).toContainText('Office for National Statistics');
});

for (const path of [
  '/',
  '/search?location=Reading',
  '/search?location=Atlantis',
  '/about',
  '/vision',
  '/story',
  '/why-abode',
  '/nowhere',
]) {
  test(`axe: ${path} has no serious or critical violations @mobile`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path.startsWith('/search'))
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Searching/);
    await expectNoSeriousA11yViolations(page);
  });
}

test('axe: the search page with filters open and in list view', async ({ page }) => {
  await page.goto('/search?location=Manchester&view=list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Found/);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expectNoSeriousA11yViolations(page);
});
