/**
 * Searching like on the big UK portals (REQ-SEARCH): the map view with pins and popups, 'Search as I move the map',
 * drawing an area, a radius around a postcode district, unknown places with suggestions, and the location box's
 * suggestions by keyboard. Runs against the real server with the demo data. OpenStreetMap tiles are blocked, as if
 * offline: the page must stay usable without them.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const listCards = (page: Page) => page.getByTestId('map-view-list').getByRole('article');
const map = (page: Page) => page.getByTestId('search-map');
const pins = (page: Page) => map(page).locator('.leaflet-marker-icon');

test.beforeEach(async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
});

/** Waits for the current search's own results and returns its count. */
async function settled(page: Page): Promise<number> {
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(heading(page)).toHaveText(/^[\d,]+\+? Propert(y|ies) Found$/);
  return Number((await heading(page).textContent())!.replace(/[^0-9]/g, ''));
}

/**
 * The count of a new search: the URL changes a moment before the page starts loading it, so wait until the
 * heading no longer shows the previous count.
 */
async function settledAfter(page: Page, previous: number): Promise<number> {
  await expect.poll(() => settled(page)).not.toBe(previous);
  return settled(page);
}

/** The next answer of the search API whose `bounds` passes `test`. */
function searchResponse(page: Page, test: (bounds: string | null) => boolean) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/properties' && test(url.searchParams.get('bounds'));
  });
}

/** Addresses of the cards in the list beside the map. */
async function listedAddresses(page: Page): Promise<string[]> {
  return (await listCards(page).getByTestId('listing-address').allTextContents()).sort();
}

/** Where on the page a fraction of the map's box is (0,0 top left; 1,1 bottom right). */
async function mapPoint(page: Page, fx: number, fy: number) {
  const box = (await map(page).boundingBox())!;
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

test('the map view shows the results as pins with a popup card, and works without tiles @mobile', async ({
  page,
  isMobile,
}) => {
  await page.goto('/search?location=Manchester&mode=sale');
  await settled(page);
  await page.getByRole('radio', { name: 'Map view' }).click();
  await expect(page).toHaveURL(/view=map/);
  await settled(page);

  await expect(pins(page).first()).toBeVisible();
  expect(await pins(page).count()).toBeGreaterThan(3);
  await expect(page.getByText('The map tiles could not be loaded.')).toBeVisible();
  await expect(map(page).getByRole('link', { name: 'OpenStreetMap' })).toBeVisible();

  // A pin for one listing (its name starts with the price as the agent put it: '£…', 'Guide price £…', 'POA') is a
  // button: Enter opens a card linking to the listing, with the focus on its link.
  const pin = map(page)
    .getByRole('button', { name: /^(£|POA|[A-Z][a-z]+( [a-z]+)* £)/ })
    .first();
  const name = (await pin.getAttribute('title'))!;
  await pin.focus();
  await page.keyboard.press('Enter');
  const card = page.getByTestId('map-popup-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText(name.slice(0, name.indexOf(', ')));
  const link = card.getByRole('link', { name: name.slice(name.indexOf(', ') + 2) });
  await expect(link).toBeFocused();
  await expect(link).toHaveAttribute('href', /^\/property\/[a-z0-9-]+$/);

  if (isMobile) {
    // On a phone the list is one tap away.
    await expect(listCards(page).first()).toBeHidden();
    await page.getByRole('radio', { name: 'List', exact: true }).click();
    await expect(listCards(page).first()).toBeVisible();
    await expect(map(page)).toBeHidden();
  } else {
    await expect(listCards(page).first()).toBeVisible();
  }
});

test('hovering or focusing a card beside the map highlights its pin (or the cluster holding it)', async ({
  page,
}) => {
  await page.goto('/search?location=Manchester&mode=sale&view=map');
  await settled(page);
  await expect(pins(page).first()).toBeVisible();
  const highlighted = map(page).locator('.leaflet-marker-icon[data-highlighted]');
  await expect(highlighted).toHaveCount(0);

  const card = listCards(page).first();
  await card.hover();
  await expect(highlighted).toHaveCount(1);
  // The pin stands for this card's listing: its own (price and title), a spot at its postcode, or a cluster.
  const title = (await highlighted.getAttribute('title'))!;
  if (title.startsWith('£')) {
    await expect(card.getByRole('link', { name: title.slice(title.indexOf(', ') + 2) })).toBeVisible();
  } else if (/ properties at /.test(title)) {
    await expect(card.getByTestId('listing-address')).toContainText(title.split(' properties at ')[1]!);
  } else {
    expect(title).toMatch(/^\d+ properties: zoom in$/);
  }
  // Raised above its neighbours.
  const zIndexes = await pins(page).evaluateAll((els) =>
    els.map((el) => ({ lit: el.hasAttribute('data-highlighted'), z: Number(getComputedStyle(el).zIndex) })),
  );
  const litZ = zIndexes.find((p) => p.lit)!.z;
  expect(zIndexes.filter((p) => !p.lit).every((p) => p.z < litZ)).toBe(true);

  // Leaving the list clears it; the keyboard highlights too.
  await heading(page).hover();
  await expect(highlighted).toHaveCount(0);
  await listCards(page).nth(1).getByRole('link').first().focus();
  await expect(highlighted).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Search as I move the map' }).focus();
  await expect(highlighted).toHaveCount(0);
});

test('search as I move the map: panning writes the map area into the URL and changes the results', async ({
  page,
}) => {
  await page.goto('/search?location=Manchester&view=map');
  await settled(page);
  await expect(pins(page).first()).toBeVisible();

  const ticked = searchResponse(page, (bounds) => bounds !== null);
  await page.getByRole('checkbox', { name: 'Search as I move the map' }).check();
  await expect(page).toHaveURL(/bounds=/);
  await expect(page).not.toHaveURL(/location=/);
  await ticked;
  await settled(page);
  const bounds = new URL(page.url()).searchParams.get('bounds');
  const before = await listedAddresses(page);
  const panned = searchResponse(page, (b) => b !== null && b !== bounds);

  // Drag the map half its width to the left: the view moves east.
  const from = await mapPoint(page, 0.75, 0.5);
  const to = await mapPoint(page, 0.25, 0.5);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, from.y, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();

  await panned;
  await expect.poll(() => new URL(page.url()).searchParams.get('bounds')).not.toBe(bounds);
  const [south, west, north, east] = new URL(page.url()).searchParams.get('bounds')!.split(',').map(Number);
  const [, oldWest, , oldEast] = bounds!.split(',').map(Number);
  expect(west!).toBeGreaterThan(oldWest!);
  expect(east!).toBeGreaterThan(oldEast!);
  expect(south!).toBeLessThan(north!);
  await settled(page);
  await expect.poll(() => listedAddresses(page)).not.toEqual(before);
  await expect(page.getByText('Map area', { exact: true })).toBeVisible();

  // Unticking searches everywhere again.
  await page.getByRole('checkbox', { name: 'Search as I move the map' }).uncheck();
  await expect(page).not.toHaveURL(/bounds=/);
});

test('draw an area: the search runs inside it, the polygon is in the URL, and it can be removed', async ({
  page,
}) => {
  // A town with fewer homes than the count's cap (1,000), so the drawn area's smaller count shows.
  await page.goto('/search?location=Oldham&mode=sale&view=map');
  const everywhere = await settled(page);
  await expect(pins(page).first()).toBeVisible();

  // Escape cancels a drawing.
  await page.getByRole('button', { name: 'Draw an area' }).click();
  let p = await mapPoint(page, 0.3, 0.3);
  await page.mouse.click(p.x, p.y);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Drawing an area' })).toBeHidden();

  // Four corners of a box in the middle of the map, closed by clicking the first point again.
  await page.getByRole('button', { name: 'Draw an area' }).click();
  const corners = [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.7, 0.7],
    [0.3, 0.7],
    [0.3, 0.3],
  ] as const;
  for (const [fx, fy] of corners) {
    p = await mapPoint(page, fx, fy);
    await page.mouse.click(p.x, p.y);
  }

  await expect(page).toHaveURL(/polygon=/);
  await expect(page).not.toHaveURL(/location=/);
  const inside = await settledAfter(page, everywhere);
  expect(inside).toBeGreaterThan(0);
  expect(inside).toBeLessThan(everywhere);
  await expect(map(page).locator('path.search-drawn-area')).toHaveCount(1);
  await expect(page.getByText('Drawn area', { exact: true })).toBeVisible();

  // The badge's button is the keyboard way out.
  await page.getByRole('button', { name: 'Remove drawn area' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/polygon=/);
  await expect(map(page).locator('path.search-drawn-area')).toHaveCount(0);
});

test('a drawing finished with Done searches too', async ({ page }) => {
  await page.goto('/search?location=Manchester&view=map');
  await settled(page);
  await page.getByRole('button', { name: 'Draw an area' }).click();
  for (const [fx, fy] of [
    [0.2, 0.2],
    [0.8, 0.25],
    // Not lower: the map runs on below the fold until the page scrolls.
    [0.5, 0.7],
  ] as const) {
    const p = await mapPoint(page, fx, fy);
    await page.mouse.click(p.x, p.y);
  }
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/polygon=/);
  expect(await settled(page)).toBeGreaterThan(0);
});

test('a radius around M1 shows the circle and the homes within it @mobile', async ({ page }) => {
  await page.goto('/search?view=map');
  const everywhere = await settled(page);
  await page.getByRole('combobox', { name: 'Location' }).fill('M1');
  await page.getByLabel('Search radius').selectOption({ label: 'Within 1 mile' });
  await expect(page).toHaveURL(/location=M1&radius=1/);
  const n = await settledAfter(page, everywhere);
  expect(n).toBeGreaterThan(0);
  await expect(map(page).locator('path.search-radius-circle')).toHaveCount(1);
  await expect(page.getByText('Location:').locator('..')).toContainText(
    'M1 · Postcode district · within 1 mile',
  );
  await expect(pins(page).first()).toBeVisible();

  // A wider circle finds more.
  await page.getByLabel('Search radius').selectOption({ label: 'Within 3 miles' });
  await expect(page).toHaveURL(/radius=3/);
  await expect.poll(() => settled(page)).toBeGreaterThan(n);
});

test('an unknown place for a radius search suggests places instead of an empty page', async ({ page }) => {
  await page.goto('/search?location=Mnachester&radius=3');
  await expect(page.getByRole('heading', { name: 'Location not found', level: 1 })).toBeVisible();
  await expect(page.getByText(/Please check the spelling/)).toBeVisible();
  await page.getByRole('button', { name: 'Manchester · Town', exact: true }).click();
  await expect(page).toHaveURL(/location=Manchester&place=town%3Amanchester&radius=3/);
  expect(await settled(page)).toBeGreaterThan(0);
});

test('location suggestions by keyboard: type, ArrowDown, Enter searches the place @mobile', async ({
  page,
}) => {
  await page.goto('/search');
  await settled(page);
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.pressSequentially('Readi', { delay: 40 });
  const option = page.getByRole('option', { name: /^Reading, Town,/ });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  await box.press('Enter');

  await expect(page).toHaveURL(/location=Reading/);
  await expect(box).toHaveValue('Reading');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(await settled(page)).toBeGreaterThan(0);
});

test('on the home page a suggestion fills the box; Escape closes the list', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.pressSequentially('Readi', { delay: 40 });
  await expect(page.getByRole('option', { name: /^Reading, Town,/ })).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue('Reading');
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Search radius').selectOption({ label: 'Within 5 miles' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/location=Reading&place=town%3Areading&radius=5/);
});

test('keywords, freshness, status and "don\'t show" filters go into the URL and are counted', async ({
  page,
}) => {
  await page.goto('/search?location=Manchester&mode=sale');
  await settled(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Keywords').fill('garden');
  await page.getByLabel('Keywords').press('Enter');
  await expect(page).toHaveURL(/keywords=garden/);
  await page.getByLabel('Added to site').selectOption({ label: 'Last 14 days' });
  await expect(page).toHaveURL(/added=14/);
  await page.getByRole('checkbox', { name: 'Include under offer, sold STC' }).check();
  await expect(page).toHaveURL(/includeUnderOffer=true/);
  await page.getByRole('checkbox', { name: 'Retirement homes' }).check();
  await expect(page).toHaveURL(/exclude=retirement/);
  // Keywords, freshness, under offer and one 'Don't show' (Buy, the default mode, is not counted: REQ-SEARCH-10).
  await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('4');
  await settled(page);

  await page.getByRole('button', { name: 'Clear filters', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?location=Manchester&mode=sale$/);
});

test('axe finds no serious problems on /search in map view @mobile', async ({ page }) => {
  // A hundred cards and pins take axe a while on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/search?location=Manchester&view=map');
  await settled(page);
  await expect(pins(page).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
