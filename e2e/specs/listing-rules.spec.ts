/**
 * REQ-LISTING's listing rules against the real server, as an agent, an admin and a visitor see them:
 * - a real postcode missing from our data (LS1 1UR) is accepted and placed at its district's centre, and the form,
 *   the edit page and the public page say the location is approximate;
 * - a listing cannot be published without a photo ('Add at least one photo before publishing');
 * - photos are stored in the order chosen;
 * - an admin's rejection shows its reason on the agent's edit page; approving it again restores 'Active' — labelled
 *   'Live' only then — and e-mails the agent; an approved draft is 'Not published' and the admin is told the agent
 *   must publish it;
 * - a suspended agent's listing leaves public view and refuses enquiries with a clear message, until reactivation.
 * Each screen is captured at 1280 and 390 px wide into SHOTS for checking by eye.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { devices, expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_SESSIONS, mailTo, signUpAndIn } from '../fixtures/accounts.ts';
import { verifyAgency } from '../fixtures/agency.ts';
import { postAsPage } from '../fixtures/api.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { uploadThreePhotos } from '../fixtures/photos.ts';
import { shootDesktopAndPhone } from '../fixtures/screenshots.ts';
import { agentCard } from '../fixtures/property-page.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-listings';
/** A real Leeds street (HM Land Registry Price Paid) and a real LS1 postcode that the project's extract lacks. */
const LEEDS = { addressLine1: 'Regent Court', city: 'Leeds', postcode: 'LS1 1UR' };

/** The dominant colour of the image at `url` as [r, g, b]. */
async function colourOf(page: Page, url: string): Promise<[number, number, number]> {
  const bytes = await (await page.request.get(url)).body();
  const { dominant } = await sharp(bytes).stats();
  return [dominant.r, dominant.g, dominant.b];
}

test('approximate postcodes, a photo before going live, rejection and approval, suspension', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `agent-${randomUUID().slice(0, 8)}@example.com`;
  const title = `2 bedroom flat for sale ${randomUUID().slice(0, 6)}`;
  await signUpAndIn(page, email, { firstName: 'Ffion', role: 'Agent' });
  // A new agency publishes once an admin has verified it (ADR 029); the dev shortcut stands in.
  await verifyAgency(page, email);

  // 1. A real postcode our data lacks: accepted, located at the LS1 district's centre, and said to be approximate.
  await page.goto('/agent/properties/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Asking price (£)').fill('235000');
  await page.getByLabel('Sale or rent').selectOption('sale');
  await page.getByLabel('Property type').selectOption('flat');
  await page.getByLabel('Address line 1').fill(LEEDS.addressLine1);
  await page.getByLabel('Town').fill(LEEDS.city);
  await page.getByLabel('Postcode').fill(LEEDS.postcode.toLowerCase());
  await page.getByLabel('Postcode').blur();
  await page.getByLabel('Bedrooms').fill('2');
  await page.getByLabel('Bathrooms').fill('1');
  const approximate =
    'Approximate location: we do not have this postcode yet, so the map pin is at the centre of the LS1 postcode district.';
  await expect(page.getByText(approximate)).toBeVisible();
  await expect(page.getByText('We could not find this postcode')).toHaveCount(0);

  // 2. Going live needs a photo: refused with the rule's own message, under Status.
  await page.getByLabel('Status').selectOption('active');
  await page.getByLabel('Tenure', { exact: true }).selectOption('leasehold');
  // A leasehold's Part A (REQ-LISTING-10): lease years, ground rent (none, so no review) and service charge.
  await page.getByLabel('Lease years remaining').fill('118');
  await page.getByLabel('Ground rent (£ a year)').fill('0');
  await page.getByLabel('Service charge (£ a year)').fill('1450');
  await page.getByLabel('Council tax band').selectOption('C');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page.getByText('Add at least one photo before publishing')).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/agent\/properties\/new$/);
  await expectNoSeriousA11yViolations(page);
  await shootDesktopAndPhone(browser, page, '1-new-listing-approximate-postcode', {
    dir: SHOTS,
    phoneFullPage: false,
    prepare: async (phone) => {
      await phone.getByLabel('Title').fill(title);
      await phone.getByLabel('Asking price (£)').fill('235000');
      await phone.getByLabel('Address line 1').fill(LEEDS.addressLine1);
      await phone.getByLabel('Town').fill(LEEDS.city);
      await phone.getByLabel('Postcode').fill(LEEDS.postcode);
      await phone.getByLabel('Postcode').blur();
      await expect(phone.getByText(approximate)).toBeVisible();
      await phone.getByLabel('Postcode').scrollIntoViewIfNeeded();
      await phone.screenshot({
        path: path.join(SHOTS, '1-new-listing-approximate-postcode-phone-location.png'),
      });
      await phone.getByLabel('Status').selectOption('active');
      await phone.getByLabel('Tenure', { exact: true }).selectOption('leasehold');
      // A leasehold's Part A (REQ-LISTING-10): lease years, ground rent (none, so no review) and service charge.
      await phone.getByLabel('Lease years remaining').fill('118');
      await phone.getByLabel('Ground rent (£ a year)').fill('0');
      await phone.getByLabel('Service charge (£ a year)').fill('1450');
      await phone.getByLabel('Council tax band').selectOption('C');
      await phone.getByRole('button', { name: 'Create property' }).click();
      await expect(phone.getByText('Add at least one photo before publishing')).toBeVisible();
    },
  });

  // 3. As a draft it is created; the edit page says the pin is approximate.
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Create property' }).click();
  await expect(page).toHaveURL(/\/agent\/properties\/[0-9a-f-]+\/edit$/);
  const editUrl = page.url();
  const id = editUrl.split('/').at(-2)!;
  await expect(page.getByTestId('location-approximate')).toHaveText(approximate);

  // 4. Photos keep the order chosen (the first one chosen is the main photo), then it can be published.
  const grid = await uploadThreePhotos(page);
  const sources = await grid
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  const [front, kitchen, garden] = await Promise.all(sources.map((src) => colourOf(page, src)));
  expect(front![0]).toBeGreaterThan(150); // orange
  expect(kitchen![1]).toBeGreaterThan(front![1]); // green
  expect(garden![2]).toBeGreaterThan(150); // blue
  await expect(grid.getByRole('listitem').first().getByText('Main photo')).toBeVisible();
  await page.getByLabel('Status').selectOption('active');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Property updated').first()).toBeVisible();
  await expect(
    page.getByText('Pending approval: it will appear on Abode once an admin approves it.'),
  ).toBeVisible();
  const slug = await page.evaluate(async (listingId) => {
    const res = await fetch(`/api/agent/properties/${listingId}`);
    return ((await res.json()) as { slug: string }).slug;
  }, id);

  // 5. An admin rejects it with a reason: the agent's edit page shows the reason and what approval gives back.
  // The super admin's session of this run (specs/demo-sessions.setup.ts): SPEC allows 5 sign-ins an hour per e-mail.
  const adminContext = await browser.newContext({ storageState: DEMO_SESSIONS.superAdmin });
  const admin = await adminContext.newPage();
  await admin.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
  await admin.getByRole('button', { name: `Reject ${title}` }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill('Please add a floor plan.');
  await dialog.getByRole('button', { name: /Reject/ }).click();
  await expect(admin.getByText('Property rejected successfully').first()).toBeVisible();

  await page.reload();
  const reason = page.getByTestId('rejection-reason');
  await expect(reason).toContainText('Please add a floor plan.');
  await expect(reason).toContainText('Once approved, it goes back to Active.');
  await expect(page.getByRole('link', { name: 'Preview' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shootDesktopAndPhone(browser, page, '2-edit-rejected-with-reason', {
    dir: SHOTS,
    phoneFullPage: false,
    prepare: async (phone) => {
      await expect(phone.getByTestId('rejection-reason')).toBeVisible();
    },
  });

  // 6. Approval restores Active: 'Live' to the admin and the agent, the page public, the agent e-mailed.
  await admin.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(admin.getByText('Property approved successfully').first()).toBeVisible();
  const adminRow = admin.getByRole('row').filter({ hasText: title });
  await expect(adminRow.getByText('Live', { exact: true })).toBeVisible();
  await expect(adminRow.getByText('Active', { exact: true })).toBeVisible();
  await mailTo(page, email, /^Listing approved and live: /);

  // A draft approved as it is stays unpublished, and the admin is told the agent must publish it.
  const draftTitle = `Studio flat for sale ${randomUUID().slice(0, 6)}`;
  const draft = await postAsPage(page, '/api/agent/properties', {
    title: draftTitle,
    pricePence: 150_000_00,
    mode: 'sale',
    status: 'draft',
    propertyType: 'flat',
    ...LEEDS,
  });
  expect(draft.status()).toBe(201);
  await admin.goto(`/admin/properties?q=${encodeURIComponent(draftTitle)}`);
  await admin.getByRole('button', { name: `Approve ${draftTitle}` }).click();
  await expect(
    admin.getByText('It is a draft, so it is not on Abode yet: its agent must publish it.', { exact: false }),
  ).toBeVisible();
  await expect(
    admin.getByRole('row').filter({ hasText: draftTitle }).getByText('Not published'),
  ).toBeVisible();
  await admin.goto('/admin/properties?q=flat+for+sale');
  await expect(
    admin.getByRole('row').filter({ hasText: title }).getByText('Live', { exact: true }),
  ).toBeVisible();
  await expect(admin.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await shootDesktopAndPhone(browser, admin, '3-admin-properties-labels', {
    dir: SHOTS,
    phoneFullPage: false,
    prepare: async (phone) => {
      await expect(phone.getByRole('article', { name: title })).toBeVisible();
    },
  });

  await page.goto('/agent/properties');
  const agentRow = page.getByRole('row').filter({ hasText: title });
  await expect(agentRow.getByText('Live', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: draftTitle }).getByText('Not published'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shootDesktopAndPhone(browser, page, '4-agent-properties-labels', {
    dir: SHOTS,
    phoneFullPage: false,
    prepare: async (phone) => {
      await phone.getByRole('list', { name: 'My properties' }).scrollIntoViewIfNeeded();
    },
  });

  // 7. The public page: open, and not claiming an exact pin.
  const visitor = await browser.newPage(); // signed out
  await visitor.goto(`/property/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByTestId('location-approximate')).toHaveText(
    'Approximate location: the map shows the LS1 postcode district, not the exact address.',
  );
  // The map loads once its section is on screen, below the listing's details (ADR 028 made them longer).
  await visitor.getByTestId('location-approximate').scrollIntoViewIfNeeded();
  const map = visitor.getByRole('region', { name: /^Map showing the area around Regent Court/ });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  await expect(visitor.locator('.leaflet-marker-icon')).toHaveCount(0);
  await visitor.getByTestId('location-approximate').scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: path.join(SHOTS, '5-public-page-approximate-desktop.png') });
  await shootDesktopAndPhone(browser, visitor, '5-public-page-approximate-full', {
    dir: SHOTS,
    phoneFullPage: false,
    prepare: async (phone) => {
      await phone.getByTestId('location-approximate').scrollIntoViewIfNeeded();
      await expect(phone.getByRole('region', { name: /^Map showing the area around/ })).toBeVisible();
      await phone.screenshot({ path: path.join(SHOTS, '5-public-page-approximate-phone.png') });
    },
  });

  // 8. The agent is suspended: an enquiry from the page a visitor still has open (on a phone) is refused with a clear
  // message, and the page and the search no longer show the listing.
  const phoneContext = await browser.newContext({ ...devices['Pixel 7'] });
  const phoneVisitor = await phoneContext.newPage();
  await phoneVisitor.goto(`/property/${slug}`);
  await expect(phoneVisitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await admin.getByRole('button', { name: 'Suspend Ffion' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.getByText('User suspended successfully').first()).toBeVisible();
  // One enquiry only: the server allows 5 per 10 minutes from one address, and every journey comes from 127.0.0.1.
  await agentCard(phoneVisitor).getByRole('button', { name: 'Contact Agent' }).click();
  const enquiry = phoneVisitor.getByRole('dialog');
  await enquiry.getByLabel('Name').fill('Priya Shah');
  await enquiry.getByLabel('Email').fill('priya.shah@example.com');
  await enquiry.getByLabel('Message').fill('Is the flat still available?');
  await enquiry.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(
    phoneVisitor.getByText('This agent is not taking enquiries at the moment. Please try again later.'),
  ).toBeVisible();
  await phoneVisitor.screenshot({ path: path.join(SHOTS, '6-enquiry-refused-phone.png') });
  await phoneContext.close();
  // A new visitor (the open page's answer may sit in its browser cache for 30 s, ADR 021).
  const newcomer = await browser.newPage();
  await newcomer.goto(`/property/${slug}`);
  await expect(
    newcomer.getByRole('heading', { name: 'This property is no longer available.' }),
  ).toBeVisible();
  await newcomer.close();
  const searchSlugs = async () => {
    const res = await visitor.request.get(`/api/properties?location=${encodeURIComponent('Regent Court')}`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { items: { slug: string }[] }).items.map((i) => i.slug);
  };
  expect(await searchSlugs()).not.toContain(slug);

  // Reactivated: back in public view.
  await admin.getByRole('button', { name: 'Reactivate Ffion' }).click();
  await expect(admin.getByText('User reactivated successfully').first()).toBeVisible();
  const returning = await browser.newPage();
  await returning.goto(`/property/${slug}`);
  await expect(returning.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await returning.close();
  expect(await searchSlugs()).toContain(slug);
  await adminContext.close();
  await visitor.close();
});
