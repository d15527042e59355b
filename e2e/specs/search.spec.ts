/**
 * The main job: a visitor searches real UK homes (REQ-SEARCH). Runs against the real server with the demo data.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleToast } from '../fixtures/axe.ts';
import { cards, expectResults, heading, results } from '../fixtures/search-results.ts';

/** The whole-pound prices shown on the cards of the current page. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await results(page).getByTestId('listing-price').allTextContents();
  return texts.map((t) => Number(t.replace(/[^0-9]/g, '')));
}

test('home search for a Reading house goes to /search with the right results @mobile', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Location').fill('Reading');
  await page.getByLabel('Property type').selectOption('house');
  await page.getByLabel('Bedrooms').selectOption({ label: '3+ beds' });
  await page.getByRole('button', { name: 'Garden' }).click();
  await page.getByRole('button', { name: 'Search', exact: true }).click();

  await expect(page).toHaveURL(/\/search\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    location: 'Reading',
    mode: 'sale',
    type: 'house',
    bedrooms: '3',
    filters: 'garden',
  });
  await expectResults(page);
  await expect(page.getByText('Location:').locator('..')).toContainText('Reading');
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(24);
  for (const card of await cards(page).all()) {
    await expect(card).toContainText(/Reading/i);
    await expect(card).toContainText(/for sale/);
    const beds = Number((await card.getByTestId('listing-bedrooms').textContent())!.replace(/\D/g, ''));
    expect(beds).toBeGreaterThanOrEqual(3);
  }
});

test('renting in SW19 with a monthly budget shows rents per month within it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Rent' }).click();
  await page.getByLabel('Location').fill('SW19');
  await page.getByLabel('Max price').selectOption({ label: '£2,000 pcm' });
  await page.getByLabel('Location').press('Enter');

  await expect(page).toHaveURL(/mode=rent/);
  expect(new URL(page.url()).searchParams.get('maxPrice')).toBe('2000');
  await expectResults(page);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeLessThanOrEqual(2000);
  await expect(results(page).getByTestId('listing-price').first()).toHaveText(/^£[\d,]+\/month$/);
  for (const card of await cards(page).all()) await expect(card).toContainText('SW19');
});

test('an inverted price range is refused with the SPEC toast', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Min price').selectOption({ label: '£500k' });
  await page.getByLabel('Max price').selectOption({ label: '£200k' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Invalid price range')).toBeVisible();
  await expect(page.getByText('Minimum price cannot be greater than maximum price.')).toBeVisible();
  await expectAccessibleToast(page);
  await expect(page).toHaveURL(/\/$/);
});

test('changing filters on /search updates the URL and the results, and Back restores them @mobile', async ({
  page,
}) => {
  await page.goto('/search?location=Wigan&mode=sale');
  const before = await expectResults(page);

  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Bedrooms').selectOption({ label: '4+ beds' });
  await expect(page).toHaveURL(/bedrooms=4/);
  // The previous results stay on screen until the new ones arrive: wait for the heading to change.
  await expect(heading(page)).not.toHaveText(`${before.toLocaleString('en-GB')} Properties Found`);
  const after = await expectResults(page);
  expect(after).toBeLessThan(before);
  for (const card of await cards(page).all()) {
    const beds = Number((await card.getByTestId('listing-bedrooms').textContent())!.replace(/\D/g, ''));
    expect(beds).toBeGreaterThanOrEqual(4);
  }

  await page.getByLabel('Sort by').selectOption({ label: 'Lowest price' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(async () => {
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass();

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await page.goBack();
  await expect(page).not.toHaveURL(/bedrooms=/);
  await expect(heading(page)).toHaveText(`${before.toLocaleString('en-GB')} Properties Found`);
});

test('a new location from the search box (Enter) replaces the old one', async ({ page }) => {
  await page.goto('/search?location=Reading');
  await expectResults(page);
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.fill('Shanklin');
  await box.press('Enter');
  await expect(page).toHaveURL(/location=Shanklin/);
  await expectResults(page);
  for (const card of await cards(page).all()) await expect(card).toContainText(/Shanklin/i);
});

test('pagination moves through the results @mobile', async ({ page }) => {
  await page.goto('/search?location=Reading&mode=sale');
  await expectResults(page);
  const firstCard = async () =>
    `${await cards(page).first().getByRole('heading').textContent()} ${await cards(page)
      .first()
      .getByTestId('listing-address')
      .textContent()}`;
  const pageOne = await firstCard();
  await page
    .getByRole('navigation', { name: /pagination/i })
    .getByRole('link', { name: /next/i })
    .click();
  await expect(page).toHaveURL(/page=2/);
  // Page 1 stays on screen (dimmed) until page 2 arrives.
  await expectResults(page);
  await expect.poll(firstCard).not.toBe(pageOne);
  await expect(
    page.getByRole('navigation', { name: /pagination/i }).getByRole('link', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('a broad search gives its exact count, and the pagination reaches its last page (REQ-SEARCH-21) @mobile', async ({
  page,
}) => {
  // Every home for sale: tens of thousands in the demo data, far past the old '1,000+'.
  await page.goto('/search');
  await expect(page).toHaveURL(/\/search\?mode=sale$/);
  const total = await expectResults(page);
  expect(total).toBeGreaterThan(1_000);
  const api = await page.request.get('/api/properties?mode=sale&pageSize=1');
  expect(((await api.json()) as { total: number }).total).toBe(total);

  const lastPage = Math.ceil(total / 24);
  const pagination = page.getByRole('navigation', { name: /pagination/i });
  // The last page is one click away, on a phone too.
  await pagination.getByRole('link', { name: `Page ${lastPage.toLocaleString('en-GB')}` }).click();
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
  await expectResults(page);
  await expect(heading(page)).toHaveText(`${total.toLocaleString('en-GB')} Properties Found`);
  await expect(cards(page)).toHaveCount(total - (lastPage - 1) * 24);
  await expect(pagination.getByRole('link', { name: /next/i })).toHaveCount(0);
  await expect(
    pagination.getByRole('link', { name: `Page ${lastPage.toLocaleString('en-GB')}` }),
  ).toHaveAttribute('aria-current', 'page');

  // One past the last: the page says so and leads back.
  await page.goto(`/search?mode=sale&page=${lastPage + 1}`);
  await expect(page.getByRole('heading', { name: 'No properties on this page' })).toBeVisible();
  await expect(heading(page)).toHaveText(`${total.toLocaleString('en-GB')} Properties Found`);
});

test('no results: the empty state, and Clear Filters brings results back @mobile', async ({ page }) => {
  await page.goto('/search?location=Atlantis&bedrooms=2');
  await expect(page.getByRole('heading', { name: 'No Properties Found' })).toBeVisible();
  await expect(
    page.getByText('Try adjusting your search criteria or expanding your location search.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clear Filters' }).first().click();
  await expect(page).toHaveURL(/\/search\?mode=sale$/);
  await expectResults(page);
});

test('grid and list views @mobile', async ({ page, isMobile }) => {
  await page.goto('/search?location=Newport');
  await expectResults(page);
  await page.getByRole('radio', { name: 'List view' }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(cards(page).first()).toBeVisible();
  const listBox = await cards(page).first().boundingBox();
  await page.getByRole('radio', { name: 'Grid view' }).click();
  await expect(page).not.toHaveURL(/view=list/);
  const gridBox = await cards(page).first().boundingBox();
  if (isMobile) {
    // One column either way on a phone: a list row is a short horizontal card, a grid card a tall one.
    expect(gridBox!.height).toBeGreaterThan(listBox!.height * 1.3);
  } else {
    // A list row is a wide horizontal card; a grid card is a narrow column.
    expect(listBox!.width).toBeGreaterThan(gridBox!.width * 1.5);
  }
});

test('card actions: favourite and save search ask to sign in; share copies the link; contact agent sends an enquiry', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/search?location=Reading&mode=sale');
  await expectResults(page);
  const card = cards(page).first();

  await card.getByRole('button', { name: /save to favourites/i }).click();
  await expect(page.getByText('Authentication Required').first()).toBeVisible();
  await expect(page.getByText('Please sign in to save favourites')).toBeVisible();

  await page.getByRole('button', { name: 'Save Search' }).click();
  await expect(page.getByText('Please sign in to save searches')).toBeVisible();

  await card.getByRole('button', { name: 'Copy link to this property' }).click();
  await expect(page.getByText('Property link copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/property\/[a-z0-9-]+$/);

  const title = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: 'Contact Agent' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Łukasz Nowak');
  await dialog.getByLabel('Email').fill('lukasz.nowak@example.com');
  await dialog.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText(new RegExp(`^Contacting .+ about ${title}$`))).toBeVisible();
});

test('an unknown page shows the 404 page and leads home @mobile', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('@mobile-only a phone visitor searches from the home page', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Location').fill('Manchester');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/location=Manchester/);
  await expectResults(page);
  const card = await cards(page).first().boundingBox();
  const viewport = page.viewportSize()!;
  // One column: the card spans (nearly) the whole width, nothing overflows sideways.
  expect(card!.width).toBeGreaterThan(viewport.width * 0.8);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
});

test('@mobile-only the header links sit behind a menu button', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Our Story' }).click();
  await expect(page).toHaveURL(/\/story$/);
});
