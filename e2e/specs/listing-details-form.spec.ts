/**
 * ADR 028's listing form against the real server: an agent lists a leasehold flat with its price qualifier, lease
 * terms (Part A), key features, two rooms (feet and inches shown beside the metres) and Part B answers, saves it as
 * a draft, finds every value again on the edit page, edits it and finds the edits after a reload; a rental cannot go
 * live without its deposit. Axe checks the form; the filled form is captured at 1280 and 390 px wide into SHOTS for
 * checking by eye.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signUpAndIn } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { shootDesktopAndPhone } from '../fixtures/screenshots.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-listing-form';
/** The street and postcode the agent journeys use (SW19 1AA is in the project's postcode extract). */
const ADDRESS = { addressLine1: 'Cowper Road', city: 'London', postcode: 'SW19 1AA' };

const room = (page: Page, n: number) => page.getByRole('group', { name: `Room ${n}`, exact: true });

/** Fills title, mode, address and postcode (located on blur) of the add form. */
async function fillBasics(page: Page, title: string, mode: 'sale' | 'rent') {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Sale or rent').selectOption(mode);
  await page.getByLabel('Property type').selectOption('flat');
  await page.getByLabel('Address line 1').fill(ADDRESS.addressLine1);
  await page.getByLabel('Town').fill(ADDRESS.city);
  await page.getByLabel('Postcode').fill(ADDRESS.postcode);
  await page.getByLabel('Postcode').blur();
  await expect(page.getByText(/^Located: /)).toBeVisible();
}

/** Opens Part B or C of the material information (a folding group). */
async function openPart(page: Page, part: 'B' | 'C') {
  const group = page.getByTestId(`material-part-${part}`);
  if ((await group.getAttribute('open')) === null) await group.locator('summary').click();
  await expect(group).toHaveAttribute('open', '');
}

test('an agent lists a leasehold flat with lease terms, key features, rooms and Part B answers, then edits it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpAndIn(page, `agent-${randomUUID().slice(0, 8)}@example.com`, {
    firstName: 'Priya',
    role: 'Agent',
  });
  await page.goto('/agent/properties/new');
  const title = `2 bedroom flat for sale ${randomUUID().slice(0, 6)}`;
  await fillBasics(page, title, 'sale');
  await page.getByLabel('Price qualifier').selectOption({ label: 'Guide price' });
  await page.getByLabel('Asking price (£)').fill('425,000');
  await page.getByLabel('Bedrooms').fill('2');
  await page.getByLabel('Bathrooms').fill('1');
  await page.getByLabel('Reception rooms').fill('1');
  await page.getByLabel('Floor area (m²)').fill('64');
  await expect(page.getByText('689 ft²')).toBeVisible();
  await page.getByLabel('EPC (current)').selectOption('C');
  await page.getByLabel('EPC (potential)').selectOption('B');
  await page
    .getByLabel('Summary')
    .fill('A bright first-floor flat on a quiet road, a short walk from the station.');

  await page.getByRole('button', { name: 'Add key feature' }).click();
  await page.getByLabel('Key feature 1', { exact: true }).fill('Two double bedrooms');
  await page.getByRole('button', { name: 'Add key feature' }).click();
  await page.getByLabel('Key feature 2', { exact: true }).fill('Share of a large communal garden');

  await page.getByRole('button', { name: 'Add room' }).click();
  await room(page, 1).getByLabel('Name').fill('Reception');
  await room(page, 1).getByLabel('Length (m)').fill('4.6');
  await room(page, 1).getByLabel('Width (m)').fill('3.65');
  await expect(room(page, 1).getByText('11′ 11″')).toBeVisible();
  await page.getByRole('button', { name: 'Add room' }).click();
  await room(page, 2).getByLabel('Name').fill('Kitchen');
  await room(page, 2).getByLabel('Length (m)').fill('3.1');
  await room(page, 2).getByLabel('Width (m)').fill('2.4');
  await room(page, 2).getByLabel('Description').fill('Gas hob and space for a washing machine');
  await expect(room(page, 2).getByText('10′ 2″')).toBeVisible();
  await page.getByLabel('Video tour link').fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');

  await page.getByLabel('Tenure', { exact: true }).selectOption('leasehold');
  await page.getByLabel('Council tax band').selectOption('C');
  await page.getByLabel('Lease years remaining').fill('125');
  await page.getByLabel('Ground rent (£ a year)').fill('250');
  await page.getByLabel('Ground rent review').fill('Doubles every 25 years');
  await page.getByLabel('Service charge (£ a year)').fill('1,800');
  await openPart(page, 'B');
  await page.getByLabel('Water', { exact: true }).selectOption({ label: 'Mains' });
  await page.getByLabel('Note on Water (optional)').fill('Metered');
  await page.getByLabel('Broadband', { exact: true }).selectOption({ label: 'Superfast (30–300 Mbps)' });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page).toHaveURL(/\/agent\/properties\/[0-9a-f-]+\/edit$/);

  // Every value comes back from the server.
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Price qualifier')).toHaveValue('guide-price');
  await expect(page.getByLabel('Asking price (£)')).toHaveValue('425000');
  await expect(page.getByLabel('Key feature 2', { exact: true })).toHaveValue(
    'Share of a large communal garden',
  );
  await expect(room(page, 1).getByLabel('Width (m)')).toHaveValue('3.65');
  await expect(room(page, 2).getByLabel('Description')).toHaveValue(
    'Gas hob and space for a washing machine',
  );
  await expect(page.getByLabel('Lease years remaining')).toHaveValue('125');
  await expect(page.getByLabel('Ground rent (£ a year)')).toHaveValue('250');
  await expect(page.getByLabel('Service charge (£ a year)')).toHaveValue('1800');
  await expect(page.getByLabel('Water', { exact: true })).toHaveValue('answered:mains');
  await expect(page.getByLabel('Note on Water (optional)')).toHaveValue('Metered');
  await expect(page.getByTestId('material-part-B').getByText('2 of 8 answered')).toBeVisible();
  await expect(page.getByLabel('EPC (potential)')).toHaveValue('B');

  // Edit: a third key feature, the kitchen moved first and measured again, a Part C answer.
  await page.getByRole('button', { name: 'Add key feature' }).click();
  await page.getByLabel('Key feature 3', { exact: true }).fill('Chain free');
  await page.getByRole('button', { name: 'Move room 2 up' }).click();
  await expect(room(page, 1).getByLabel('Name')).toHaveValue('Kitchen');
  await room(page, 1).getByLabel('Width (m)').fill('2.5');
  await openPart(page, 'C');
  await page.getByLabel('Flood risk', { exact: true }).selectOption({ label: 'Very low' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Property updated').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Key feature 3', { exact: true })).toHaveValue('Chain free');
  await expect(room(page, 1).getByLabel('Name')).toHaveValue('Kitchen');
  await expect(room(page, 1).getByLabel('Width (m)')).toHaveValue('2.5');
  await expect(room(page, 2).getByLabel('Name')).toHaveValue('Reception');
  await expect(page.getByLabel('Flood risk', { exact: true })).toHaveValue('answered:very-low');

  await openPart(page, 'B');
  await openPart(page, 'C');
  await expectNoSeriousA11yViolations(page);
  await shootDesktopAndPhone(browser, page, 'edit-leasehold-flat', {
    dir: SHOTS,
    prepare: async (phone) => {
      await expect(phone.getByLabel('Key feature 3', { exact: true })).toHaveValue('Chain free');
      await openPart(phone, 'B');
    },
  });
});

test('a rental cannot go live without its deposit; the form says so under Deposit and in the summary', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpAndIn(page, `agent-${randomUUID().slice(0, 8)}@example.com`, {
    firstName: 'Tomos',
    role: 'Agent',
  });
  await page.goto('/agent/properties/new');
  await fillBasics(page, `1 bedroom flat to rent ${randomUUID().slice(0, 6)}`, 'rent');
  await page.getByRole('radio', { name: 'per week (pw)' }).check();
  await page.getByLabel('Rent (£ pw)').fill('350');
  await expect(page.getByText('£1,517 pcm (the weekly rent × 52 ÷ 12)')).toBeVisible();
  await page.getByLabel('Status').selectOption('active');
  await page.getByLabel('Council tax band').selectOption('B');
  await page.getByLabel('Holding deposit (£)').fill('0');
  await page.getByLabel('Minimum term (months)').fill('12');
  await page.getByLabel('Let type').selectOption('long-term');
  await page.getByRole('button', { name: 'Create property' }).click();

  const deposit = page.getByLabel('Deposit (£)', { exact: true });
  await expect(deposit).toHaveAttribute('aria-invalid', 'true');
  await expect(deposit).toBeFocused();
  const message = 'A deposit is required before the listing can go live';
  await expect(page.locator('#listing-depositPence-error')).toHaveText(message);
  const summary = page.getByTestId('listing-error-summary');
  await expect(summary.getByRole('link')).toHaveText(['Deposit']);
  await expect(page).toHaveURL(/\/agent\/properties\/new$/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'new-rental-deposit-missing-1280.png'), fullPage: true });

  // With the deposit, only the photo is missing: it is saved as a draft.
  await deposit.fill('2,019');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page.getByText('Add at least one photo before publishing')).toBeVisible();
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page).toHaveURL(/\/agent\/properties\/[0-9a-f-]+\/edit$/);
  await page.reload();
  await expect(page.getByLabel('Rent (£ pw)')).toHaveValue('350');
  await expect(page.getByLabel('Deposit (£)', { exact: true })).toHaveValue('2019');
  await expect(page.getByLabel('Holding deposit (£)')).toHaveValue('0');
  await shootDesktopAndPhone(browser, page, 'edit-weekly-rental', {
    dir: SHOTS,
    prepare: async (phone) => {
      await expect(phone.getByLabel('Rent (£ pw)')).toHaveValue('350');
    },
  });
});
