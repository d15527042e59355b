/**
 * Settings › Listing feeds (ADR 030) against the real server and demo data: Clara Whitmore, owner of Harbour & Vale,
 * opens Listing feeds from the sidebar, reads the endpoints and her branches' feed ids, creates a key for Reading,
 * sees its secret once and copies it, maps a CRM branch code, and a CRM call with the key is answered; she revokes
 * the key and the same call is refused at once. Axe runs on the page and its dialogs; the page is saved at desktop
 * and phone width for checking by eye.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SESSIONS } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { atBothWidths, DESKTOP } from '../fixtures/screenshots.ts';

test('an owner creates a feed key, sees it once, a CRM uses it, and revoking it refuses the CRM', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A key name and branch code of this run's own, so a second run against the same data finds its own rows.
  const run = Date.now().toString(36).slice(-5);
  const keyName = `Reapit ${run}`;
  const code = `RDG-${run}`;

  // 1. Clara's session was saved once for the run (demo-sessions.setup.ts).
  const owner = await browser.newContext({
    storageState: DEMO_SESSIONS.owner,
    viewport: DESKTOP,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await owner.newPage();
  await page.goto('/agent/dashboard');
  await page.getByRole('link', { name: 'Listing feeds' }).click();
  await expect(page).toHaveURL(/\/agent\/settings\/feeds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Listing feeds' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(page.getByText(`${origin}/api/rtdf/v1/property/`)).toBeVisible();
  await expect(page.getByText(`${origin}/api/feeds/blm`)).toBeVisible();
  const ids = page.getByRole('table', { name: 'Branch feed ids' });
  for (const town of ['Wimbledon', 'Reading', 'Ryde']) await expect(ids).toContainText(town);
  await expectNoSeriousA11yViolations(page);

  // 2. A key for Reading: the secret is shown once, and copied.
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a feed key' });
  await dialog.getByLabel(/^Name/).fill(keyName);
  await dialog.getByLabel('Branch', { exact: true }).selectOption({ label: await readingOption(page) });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const result = page.getByRole('dialog', { name: `Your new key: ${keyName}` });
  await expect(result).toContainText('it will not be shown again');
  const secretField = result.getByLabel('Key for Reading');
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^abode_feed_[A-Za-z0-9_-]{43}$/);
  await result.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Key copied').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const keys = page.getByRole('table', { name: 'Feed keys' });
  const row = keys.getByRole('row').filter({ hasText: keyName });
  await expect(row).toContainText('Reading');
  await expect(row).toContainText(secret.slice(0, 17));
  await expect(row).toContainText('Never');
  // The secret is nowhere on the page any more.
  await expect(page.getByText(secret)).toHaveCount(0);

  // 3. A CRM branch code for Reading.
  const add = page.getByRole('form', { name: 'Add a branch code' });
  await add.getByLabel('CRM branch code').fill(code);
  await add.getByLabel('Branch', { exact: true }).selectOption({ label: 'Reading' });
  await add.getByRole('button', { name: 'Add code' }).click();
  await expect(page.getByRole('list', { name: 'Branch codes' })).toContainText(code);

  // 4. The CRM (no session: the `request` fixture) lists Reading's feed listings with the key.
  const list = (await (await page.request.get('/api/agent/api-keys')).json()) as {
    branches: { name: string; feedBranchId: number }[];
  };
  const readingFeedId = list.branches.find((b) => b.name === 'Reading')!.feedBranchId;
  const feedCall = () =>
    request.post('/api/rtdf/v1/property/getbranchpropertylist', {
      headers: { Authorization: `Bearer ${secret}` },
      data: { network: { network_id: 1 }, branch: { branch_id: readingFeedId, channel: 1 } },
    });
  const answered = await feedCall();
  expect(answered.status()).toBe(200);
  expect(await answered.json()).toMatchObject({
    success: true,
    branch: { branch_id: readingFeedId, channel: 1 },
  });
  await page.reload();
  await expect(keys.getByRole('row').filter({ hasText: keyName })).not.toContainText('Never');
  await expectNoSeriousA11yViolations(page);
  await atBothWidths(page, 'listing-feeds');

  // 5. Revoked: gone from the list, and the CRM's very next call is refused.
  await row.getByRole('button', { name: `Revoke ${keyName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Revoke the key “${keyName}”?` });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Feed key revoked').first()).toBeVisible();
  await expect(keys.getByRole('row').filter({ hasText: keyName })).toHaveCount(0);
  const refused = await feedCall();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({
    error: {
      message: 'This feed key is not valid. Check the key, or create a new one in Settings › Listing feeds',
    },
  });

  // The code is removed again, leaving the demo agency as it was.
  await page.getByRole('button', { name: `Remove ${code}` }).click();
  await expect(page.getByText('Branch code removed').first()).toBeVisible();
  await owner.close();
});

/** The label of Reading in the key dialog's branch select ('Reading (feed id 10002)'). */
async function readingOption(page: Page): Promise<string> {
  const labels = await page
    .getByRole('dialog')
    .getByLabel('Branch', { exact: true })
    .locator('option')
    .allTextContents();
  return labels.find((l) => l.startsWith('Reading'))!;
}
