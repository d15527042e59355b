/**
 * The agent portal of REQ-LISTING-06 against the real server: a new agent creates a listing as a draft (going live needs a
 * photo, REQ-LISTING-06), adds three photos (stored in the order chosen), reorders them, tries to publish it and is told
 * their new agency must be verified first (ADR 029), records its redress scheme and client money protection in
 * Settings › Agency, a super admin verifies the agency on the admin Agencies screen, and then it is published and
 * pending approval; the agent edits the price, answers a visitor's enquiry and changes its
 * status, edits the profile with chips and a logo, and downloads a CSV report. Axe runs on every agent page; the
 * screenshots test saves each agent screen at desktop and phone size for checking by eye.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_SESSIONS, mailTo, signUpAndIn } from '../fixtures/accounts.ts';
import { postAsPage } from '../fixtures/api.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { uploadThreePhotos } from '../fixtures/photos.ts';
import { shootDesktopAndPhone } from '../fixtures/screenshots.ts';
import { agentCard } from '../fixtures/property-page.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-agency';

async function logo() {
  const buffer = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  return { name: 'logo.png', mimeType: 'image/png', buffer };
}

/** The dominant colour of the listing's first photo, as the server stores it. */
async function mainPhotoColour(page: Page): Promise<{ r: number; g: number; b: number }> {
  const img = page.getByRole('list', { name: 'Listing photos' }).getByRole('listitem').first().locator('img');
  const src = await img.evaluate((i) => (i as HTMLImageElement).src);
  const { dominant } = await sharp(await (await page.request.get(src)).body()).stats();
  return dominant;
}

/** The alt texts of the listing's photos, in their order on the page. */
async function altTexts(page: Page): Promise<string[]> {
  const photos = page.getByRole('list', { name: 'Listing photos' }).getByRole('textbox');
  return photos.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

test('an agent lists a home with photos, handles an enquiry, edits the profile and downloads a report', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(page, email, { firstName: 'Clara', role: 'Agent' });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Clara' })).toBeVisible();

  // 1. No listings yet: the empty state leads to the form.
  await page.getByRole('navigation').getByRole('link', { name: 'Properties' }).click();
  await expect(page.getByText('No properties yet')).toBeVisible();
  await page.getByRole('link', { name: 'Add Your First Property' }).click();
  await expect(page).toHaveURL(/\/agent\/properties\/new$/);

  // 2. Create a listing at a real address, asking for it to be live at once — material information filled in.
  const title = `3 bedroom house for sale ${randomUUID().slice(0, 6)}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Asking price (£)').fill('650000');
  await page.getByLabel('Address line 1').fill('Cowper Road');
  await page.getByLabel('Town').fill('London');
  await page.getByLabel('Postcode').fill('sw19 1aa');
  await page.getByLabel('Postcode').blur();
  await expect(page.getByText(/^Located: /)).toBeVisible();
  await page.getByLabel('Bedrooms').fill('3');
  await page.getByLabel('Status').selectOption('active');
  await page.getByLabel('Tenure', { exact: true }).selectOption('freehold');
  await page.getByRole('button', { name: 'Create property' }).click();
  // Going live needs the council tax band (material information Part A).
  await expect(page.getByLabel('Council tax band')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Council tax band').selectOption('E');
  await page.getByRole('button', { name: 'Create property' }).click();
  // Going live also needs a photo (REQ-LISTING-06): it is created as a draft, and published once it has photos.
  await expect(page.getByText('Add at least one photo before publishing')).toBeVisible();
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page).toHaveURL(/\/agent\/properties\/[0-9a-f-]+\/edit$/);
  await expect(page.getByText(/Pending approval/).first()).toBeVisible();

  // 3. Three photos at once; each shows its progress, then all three are in the grid, in the order chosen.
  const grid = await uploadThreePhotos(page);
  await expect.poll(() => altTexts(page)).toHaveLength(3);
  const before = await altTexts(page);
  expect(new Set(before).size).toBe(3);
  await expect(grid.getByText('Main photo')).toHaveCount(1);
  // The main photo is the first one chosen (orange), whichever upload finished first (REQ-AGENT-09).
  await expect(grid.getByRole('listitem').first().getByText('Main photo')).toBeVisible();
  const main = await mainPhotoColour(page);
  expect(main.r).toBeGreaterThan(150);
  expect(main.b).toBeLessThan(80);
  await expectNoSeriousA11yViolations(page);

  // 4. Reorder: the first photo moves right; the new first one becomes the main photo.
  await page.getByRole('button', { name: 'Move right (photo 1 of 3)' }).click();
  await expect.poll(() => altTexts(page)).toEqual([before[1], before[0], before[2]]);
  await page.reload();
  await expect.poll(() => altTexts(page)).toEqual([before[1], before[0], before[2]]);

  // Now it has photos, but the new agency is not verified yet (ADR 029): the server refuses to publish, and says why
  // under Status and in the toast.
  const notVerified =
    'Your agency must be verified before its listings can be published. Add your redress scheme in Settings › Agency.';
  await expect(page.getByLabel('Status')).toHaveAccessibleDescription(notVerified);
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#listing-status-error')).toHaveText(notVerified);
  await expect(page.getByText(notVerified).first()).toBeVisible();

  // 4a. The properties page says so too, and leads to Settings › Agency, where the owner records the agency's
  // redress scheme and client money protection (its branch handles lettings too).
  const editUrl = page.url();
  await page.getByRole('navigation').getByRole('link', { name: 'Properties' }).click();
  const banner = page.getByRole('status').filter({ hasText: 'Your agency is not verified yet' });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Go to Settings › Agency' }).click();
  await expect(page).toHaveURL(/\/agent\/settings#agency$/);
  const agencyCard = page.getByRole('region', { name: 'Agency' });
  await expect(agencyCard.getByText('Not verified')).toBeVisible();
  const redressNumber = `T${Date.now().toString().slice(-6)}`;
  await agencyCard.getByLabel('Agency name').fill(`Whitmore Homes ${email.slice(6, 14)}`);
  await agencyCard.getByLabel('Redress scheme').selectOption({ label: 'The Property Ombudsman' });
  await agencyCard.getByLabel('Redress membership number').fill(redressNumber.toLowerCase());
  await agencyCard.getByLabel('Client money protection scheme').selectOption({ label: 'safeagent' });
  await agencyCard.getByLabel('Client money protection number').fill('sa-2041');
  await agencyCard.getByRole('button', { name: 'Save agency' }).click();
  await expect(page.getByText('Agency details saved').first()).toBeVisible();
  await expect(agencyCard.getByLabel('Redress membership number')).toHaveValue(redressNumber);
  await expect(
    agencyCard.getByText('Your details are recorded: an admin will check them soon.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootDesktopAndPhone(browser, page, 'agent-settings-agency', { dir: SHOTS });

  // 4b. A super admin (a second browser, signed in once for the run) finds the agency by the agent's e-mail,
  // checks its numbers and verifies it.
  const adminContext = await browser.newContext({ storageState: DEMO_SESSIONS.superAdmin });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/agencies');
  await admin.getByLabel('Search agencies').fill(email);
  const agencyRow = admin.getByRole('row').filter({ hasText: `Whitmore Homes ${email.slice(6, 14)}` });
  await expect(agencyRow).toHaveCount(1);
  await expect(agencyRow.getByText('Ready to verify')).toBeVisible();
  await expect(agencyRow.getByText(`The Property Ombudsman · ${redressNumber}`)).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await agencyRow.getByRole('button', { name: /^View / }).click();
  const agencyDetails = admin.getByRole('dialog');
  await expect(agencyDetails.getByRole('region', { name: 'Members (1)' })).toContainText(email);
  await expect(agencyDetails.getByRole('region', { name: 'Branches (1)' })).toContainText('Lettings');
  await expectNoSeriousA11yViolations(admin);
  await shootDesktopAndPhone(browser, admin, 'admin-agency-details', {
    dir: SHOTS,
    prepare: async (phone) => {
      const card = phone.getByRole('article');
      await expect(card).toHaveCount(1);
      await phone.screenshot({ path: path.join(SHOTS, 'admin-agencies-390.png'), fullPage: true });
      await card.getByRole('button', { name: /^View / }).click();
      await expect(phone.getByRole('dialog').getByRole('region', { name: 'Members (1)' })).toBeVisible();
    },
  });
  await agencyDetails.getByRole('button', { name: 'Verify', exact: true }).click();
  await agencyDetails.getByRole('button', { name: 'Verify agency' }).click();
  await expect(admin.getByText('Agency verified').first()).toBeVisible();
  await expect(agencyDetails.getByText(/by demo\.superadmin@example\.com/)).toBeVisible();
  await expect(agencyDetails.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
  await adminContext.close();
  await mailTo(page, email, /^Your agency is verified/);

  // 4c. Verified, the agent publishes it (still pending an admin's approval of the listing).
  await page.goto(editUrl);
  await expect(page.getByLabel('Status')).not.toHaveAccessibleDescription(notVerified);
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Property updated').first()).toBeVisible();

  // 5. It is pending in the list, not public yet.
  await page.getByRole('navigation').getByRole('link', { name: 'Properties' }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Pending approval')).toBeVisible();
  const slug = await page.evaluate(async (t) => {
    const res = await fetch('/api/agent/properties');
    const body = (await res.json()) as { items: { title: string; slug: string }[] };
    return body.items.find((i) => i.title === t)!.slug;
  }, title);
  const visitor = await browser.newPage(); // a context of its own: signed out
  expect((await visitor.request.get(`/api/properties/${slug}`)).status()).toBe(404);

  // 6. Edit the price: a reduction.
  await row.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByLabel('Asking price (£)').fill('625000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Property updated').first()).toBeVisible();

  // 7. An admin approves it (the admin portal is REQ-LISTING-02; the dev route stands in), and a visitor enquires.
  expect((await postAsPage(page, '/api/dev/publish-listing', { slug })).ok()).toBe(true);
  await visitor.goto(`/property/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('£625,000').first()).toBeVisible();
  await agentCard(visitor).getByRole('button', { name: 'Contact Agent' }).click();
  const dialog = visitor.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Priya Shah');
  await dialog.getByLabel('Email').fill('priya.shah@example.com');
  await dialog.getByLabel('Message').fill('Could we view on Saturday morning?');
  await dialog.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByText(/^Contacting /)).toBeVisible();
  await visitor.close();

  // 8. The agent answers it: details dialog, reply link, status change.
  await page.getByRole('navigation').getByRole('link', { name: 'Enquiries' }).click();
  await page.getByRole('button', { name: 'View the enquiry from Priya Shah' }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Could we view on Saturday morning?')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(details.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
    'href',
    /^mailto:priya\.shah@example\.com\?subject=Re%3A/,
  );
  await details.getByLabel('Enquiry status').selectOption('in_progress');
  await expect(page.getByText('Enquiry status updated').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Status of the enquiry from Priya Shah')).toHaveValue('in_progress');

  // 9. The dashboard counts it and tells the story.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const activity = page.getByRole('region', { name: 'Recent Activity' });
  await expect(activity.getByText(/New enquiry from Priya Shah/)).toBeVisible();
  await expect(activity.getByText(/reduced from £650,000 to £625,000/)).toBeVisible();

  // 10. Profile: chips and a logo.
  await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
  await page.getByLabel('Agency name').fill('Whitfield & Penn');
  await page.getByLabel('Primary phone').fill('020 7946 0123');
  const certification = page.getByLabel('Certifications', { exact: true });
  await certification.fill('  Propertymark ARLA  ');
  await certification.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Propertymark ARLA' })).toBeVisible();
  await page.getByLabel('Languages', { exact: true }).fill('Welsh');
  await page.getByRole('button', { name: 'Add languages' }).click();
  await page.getByRole('button', { name: 'Remove Welsh' }).click();
  await expect(page.getByRole('button', { name: 'Remove Welsh' })).toHaveCount(0);
  await page.getByLabel('Choose a photo or logo to upload').setInputFiles(await logo());
  await expect(page.getByRole('img', { name: /^Photo of / })).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove Propertymark ARLA' })).toBeVisible();
  await expect(page.getByLabel('Agency name')).toHaveValue('Whitfield & Penn');

  // 11. Reports: the listings CSV holds the new listing.
  await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
  const listingsReport = page.getByRole('region', { name: 'Listings report' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    listingsReport.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/title/i);
  expect(csv).toContain(title);
});

const AGENT_PAGES = [
  ['dashboard', '/agent/dashboard'],
  ['properties', '/agent/properties'],
  ['property-new', '/agent/properties/new'],
  ['enquiries', '/agent/enquiries'],
  ['analytics', '/agent/analytics'],
  ['reports', '/agent/reports'],
  ['profile', '/agent/profile'],
  ['settings', '/agent/settings'],
] as const;

test('every agent page has no accessibility faults, and each is captured for review @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(page, email, { firstName: 'Tomasz', role: 'Agent' });
  const screens = path.join(testInfo.project.outputDir, 'screens', testInfo.project.name);
  fs.mkdirSync(screens, { recursive: true });
  for (const [name, url] of AGENT_PAGES) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(screens, `${name}.png`), fullPage: true });
  }
});
