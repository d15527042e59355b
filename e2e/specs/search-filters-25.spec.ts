/**
 * ADR 028's search filters in the browser, against the real server and demo data: a renter ticks 'Pets allowed'
 * and the URL, the request and the results follow; every listing found says pets are allowed. The Lettings choices
 * are offered with Rent only, and screenshots of the panel at desktop and phone widths are kept for review.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { cards, expectResults, heading, results } from '../fixtures/search-results.ts';

/** The number of the heading 'N Properties Found' of the search on screen. */
async function foundCount(page: Page): Promise<number> {
  return expectResults(page);
}

test('ticking Pets allowed on a rental search changes the URL and the results @mobile', async ({ page }) => {
  await page.goto('/search?location=London&mode=rent');
  const before = await foundCount(page);

  await page.getByRole('button', { name: /^Filters/ }).click();
  const lettings = page.getByRole('group', { name: 'Lettings' });
  await expect(lettings).toBeVisible();
  await lettings.getByRole('checkbox', { name: 'Pets allowed' }).check();

  await expect(page).toHaveURL(/\/search\?location=London&mode=rent&petsAllowed=true$/);
  await expect(heading(page)).not.toHaveText(`${before.toLocaleString('en-GB')} Properties Found`);
  const after = await foundCount(page);
  expect(after).toBeLessThan(before);
  // The count is the API's for the same search, and each listing shown allows pets (its own page's facts).
  const api = await page.request.get('/api/properties?location=London&mode=rent&petsAllowed=true');
  expect(((await api.json()) as { total: number }).total).toBe(after);
  const slugs = (
    await results(page)
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.match(/^\/property\/([^/]+)$/)?.[1]),
      )
  ).filter((slug): slug is string => Boolean(slug));
  expect(slugs.length).toBeGreaterThan(0);
  for (const slug of [...new Set(slugs)].slice(0, 5)) {
    const detail = (await (await page.request.get(`/api/properties/${slug}`)).json()) as {
      mode: string;
      petsAllowed: boolean | null;
    };
    expect(detail, slug).toMatchObject({ mode: 'rent', petsAllowed: true });
  }
  await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('2');

  // Unticked: the search as before.
  await page.getByRole('checkbox', { name: 'Pets allowed' }).uncheck();
  await expect(page).toHaveURL(/\/search\?location=London&mode=rent$/);
  expect(await foundCount(page)).toBe(before);
  await expect(cards(page).first()).toBeVisible();
});

test('the Lettings choices come with Rent; the panel passes axe and is captured at 1280 and 390 px', async ({
  page,
}, testInfo) => {
  await page.goto('/search?location=Manchester&mode=sale');
  await expectResults(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('checkbox', { name: 'Has floor plan' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Lettings' })).toHaveCount(0);

  await page.getByRole('radio', { name: 'Rent' }).click();
  await expect(page).toHaveURL(/mode=rent/);
  const lettings = page.getByRole('group', { name: 'Lettings' });
  await lettings.getByLabel('Type of let').selectOption({ label: 'Long term' });
  await expect(page).toHaveURL(/letType=long-term/);
  await lettings.getByLabel('Furnishing').selectOption({ label: 'Furnished' });
  await expect(page).toHaveURL(/furnished=furnished/);
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expectNoSeriousA11yViolations(page);

  const panelId = await page.getByRole('button', { name: /^Filters/ }).getAttribute('aria-controls');
  const panel = page.locator(`[id="${panelId}"]`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await expect(panel.getByLabel('Type of let')).toBeVisible();
    await panel.screenshot({ path: testInfo.outputPath(`refinements-${width}.png`) });
  }
});
