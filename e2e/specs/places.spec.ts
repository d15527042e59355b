/**
 * Places (REQ-PLACE): the location box suggests towns, local authorities, postcode districts, streets and postcodes
 * with their kind and how many homes they hold; a picked place is the search, by its id in the URL. Runs against the
 * real server with the demo data (HM Land Registry addresses in Bath and Newcastle upon Tyne).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { expectResults, results } from '../fixtures/search-results.ts';

const locationBadge = (page: Page) => page.getByText('Location:').locator('..');

/** The addresses on the result cards of the page shown. */
async function addresses(page: Page): Promise<string[]> {
  return results(page).getByTestId('listing-address').allTextContents();
}

test('Bath picked from the suggestions shows only homes in Bath, and the place survives a reload', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.pressSequentially('Bath', { delay: 40 });
  const bath = page.getByRole('option', { name: /^Bath, Town, [\d,]+ homes?$/ });
  await expect(bath).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  // The town comes before the streets that contain its name (Bath Road in Reading).
  const names = await page
    .getByRole('option')
    .evaluateAll((options) => options.map((o) => o.getAttribute('aria-label') ?? ''));
  const bathRoad = names.findIndex((n) => /^Bath Road, /.test(n));
  expect(names.findIndex((n) => /^Bath, Town,/.test(n))).toBeLessThan(bathRoad < 0 ? names.length : bathRoad);

  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('bath-suggestions-desktop.png') });

  await bath.click();
  await expect(box).toHaveValue('Bath');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?location=Bath&place=town%3Abath&mode=sale$/);
  const count = await expectResults(page);
  await expect(page.getByText('Properties for sale in Bath', { exact: true })).toBeVisible();
  await expect(locationBadge(page)).toHaveText('Location:Bath · Town');
  await expect(page).toHaveTitle('Properties for sale in Bath — Abode');
  const shown = await addresses(page);
  expect(shown.length).toBeGreaterThan(0);
  // 'Street, Town, Postcode': the town is Bath on every card (not Bath Road in Reading, not Bathgate Road).
  for (const address of shown) expect(address).toMatch(/, Bath, BA\d{1,2} \d[A-Z]{2}$/);

  await page.reload();
  await expect(page).toHaveURL(/\/search\?location=Bath&place=town%3Abath&mode=sale$/);
  expect(await expectResults(page)).toBe(count);
  await expect(locationBadge(page)).toHaveText('Location:Bath · Town');
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Bath');
});

test('a local authority picked by keyboard searches every home with a postcode in it', async ({ page }) => {
  await page.goto('/search?mode=sale');
  await expectResults(page);
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.pressSequentially('Newcastle upon Tyne', { delay: 20 });
  const authority = page.getByRole('option', {
    name: /^Newcastle upon Tyne, Local authority, [\d,]+ homes?$/,
  });
  await expect(authority).toBeVisible();

  // ArrowDown until the authority is the active option, then Enter picks it and searches at once.
  const options = page.getByRole('option');
  const index = (
    await options.evaluateAll((all) => all.map((o) => o.getAttribute('aria-label') ?? ''))
  ).findIndex((n) => n.startsWith('Newcastle upon Tyne, Local authority'));
  for (let i = 0; i <= index; i++) await box.press('ArrowDown');
  await expect(authority).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await authority.getAttribute('id'))!);
  await box.press('Enter');

  await expect(page).toHaveURL(/location=Newcastle\+upon\+Tyne&place=authority%3AE08000021&mode=sale/);
  await expectResults(page);
  await expect(
    page.getByText('Properties for sale in Newcastle upon Tyne (local authority)', { exact: true }),
  ).toBeVisible();
  await expect(locationBadge(page)).toHaveText('Location:Newcastle upon Tyne · Local authority');
  // Newcastle upon Tyne's postcodes are all in the NE area.
  for (const address of await addresses(page)) expect(address).toMatch(/, NE\d{1,2} \d[A-Z]{2}$/);

  // Typing in the box again drops the place: the text alone is searched.
  await box.fill('Newcastle');
  await box.press('Enter');
  await expect(page).toHaveURL(/location=Newcastle&mode=sale/);
  await expect(page).not.toHaveURL(/place=/);
});

test('the suggestions on a phone (390 px): kind and count fit beside each name', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Location' });
  await box.pressSequentially('Bath', { delay: 40 });
  const bath = page.getByRole('option', { name: /^Bath, Town, [\d,]+ homes?$/ });
  await expect(bath).toBeVisible();
  // Nothing in the list is wider than the screen.
  const listbox = page.getByRole('listbox', { name: 'Suggested places' });
  const box390 = (await listbox.boundingBox())!;
  expect(box390.x).toBeGreaterThanOrEqual(0);
  expect(box390.x + box390.width).toBeLessThanOrEqual(390);
  expect(await listbox.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('bath-suggestions-phone.png') });
});
