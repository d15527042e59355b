/**
 * The client journey of REQ-CLIENT against the real server and its outbox: a visitor opens a property from search,
 * sends an enquiry (the agent's e-mail arrives), signs up, favourites the home, saves a search with alerts; a new
 * matching listing goes live, the alert job runs and the alert e-mail arrives with a working link and a working
 * unsubscribe link. Axe runs on every page of the issue.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, mailTo, signUpAndIn } from '../fixtures/accounts.ts';
import { postAsPage } from '../fixtures/api.ts';
import { expectAccessibleToast, expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { agentCard, listingActions } from '../fixtures/property-page.ts';

const results = (page: Page) => page.getByRole('region', { name: 'Search results' });
const cards = (page: Page) => results(page).getByRole('article');

async function searchFor(page: Page, query: string): Promise<void> {
  await page.goto(`/search?${query}`);
  await expect(results(page)).toHaveAttribute('aria-busy', 'false');
  await expect(cards(page).first()).toBeVisible();
}

test('visitor → enquiry → sign up → favourite → saved search → alert e-mail → unsubscribe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // 1. A visitor opens a property from search.
  await searchFor(page, 'location=Manchester&mode=sale');
  const firstCard = cards(page).first();
  const title = (await firstCard.getByRole('heading').textContent())!.trim();
  await firstCard.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/property\//);
  const propertyUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: /sold prices nearby/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: /stamp duty/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 2. Sends an enquiry; the agent's e-mail arrives.
  const agentEmail = (await page.locator('a[href^="mailto:"]').first().getAttribute('href'))!.slice(7);
  await agentCard(page).getByRole('button', { name: 'Contact Agent' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill("Siân O'Brien");
  await dialog.getByLabel('Email').fill('sian.obrien@example.com');
  const message = `Is it still available for a viewing on Saturday? (${randomUUID().slice(0, 8)})`;
  await dialog.getByLabel('Message').fill(message);
  await expectNoSeriousA11yViolations(page);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/enquiries') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText(new RegExp(`^Contacting .+ about ${escapeRegExp(title)}$`))).toBeVisible();
  await expect(dialog).toBeHidden();
  // The submission carries an Idempotency-Key (REQ-ENQ-04): the same request again, as after a dropped connection,
  // replays the first answer instead of sending the agent a second enquiry.
  const request = await sent;
  const key = request.headers()['idempotency-key'];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  const retry = await page.request.post('/api/enquiries', {
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key! },
    data: request.postData(),
  });
  expect(retry.status()).toBe(201);
  expect(retry.headers()['idempotent-replayed']).toBe('true');
  expect(await retry.json()).toEqual(await (await request.response())!.json());
  const agentMail = await mailTo(page, agentEmail, new RegExp(escapeRegExp(title)));
  expect(agentMail.text).toContain(message);
  expect(agentMail.text).toContain('sian.obrien@example.com');

  // 3. Signed out, the heart asks to sign in.
  await listingActions(page).getByRole('button', { name: 'Save to favourites' }).click();
  await expect(page.getByText('Please sign in to save favourites')).toBeVisible();

  // 4. Signs up, confirms, signs in; favourites the home.
  const email = `alerts-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(page, email);
  await page.goto(propertyUrl);
  await listingActions(page).getByRole('button', { name: 'Save to favourites' }).click();
  await expect(page.getByText('Added to favourites')).toBeVisible();
  await expect(listingActions(page).getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // 5. Saves a search, choosing instant alerts (REQ-CLIENT-10: they are never on unasked).
  await searchFor(page, 'location=Manchester&mode=sale');
  await page.getByRole('button', { name: 'Save Search' }).click();
  await page
    .getByRole('dialog')
    .getByRole('radio', { name: /Instant/ })
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Your search has been saved successfully')).toBeVisible();
  await page.goto('/saved-searches');
  await expect(page.getByText('Properties for sale in Manchester').first()).toBeVisible();
  await expect(page.getByText('Alerts On').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 6. A new matching listing goes live and the alert job runs.
  const published = await postAsPage(page, '/api/dev/publish-listing', {
    location: 'Manchester',
    mode: 'sale',
  });
  expect(published.status()).toBe(200);
  const listing = (await published.json()) as { slug: string; title: string };
  const run = await postAsPage(page, '/api/dev/run-alerts');
  expect(run.status()).toBe(200);

  // 7. The alert e-mail arrives with a working link to the new listing.
  const alert = await mailTo(page, email, /new home/i);
  expect(alert.text).toContain(listing.title);
  await page.goto(linkIn(alert.text, new RegExp(`/property/${listing.slug}`)));
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();

  // 8. The dashboard counts and tabs.
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: /favourites/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/favourites');
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // 9. The unsubscribe link works signed out.
  await page.context().clearCookies();
  await page.goto(linkIn(alert.text, /unsubscribe/));
  await expect(page.getByText('Properties for sale in Manchester').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(/no longer receive/i)).toBeVisible();
});

test("a new client's dashboard, saved searches and profile have no accessibility faults @mobile", async ({
  page,
}) => {
  const email = `profile-${randomUUID().slice(0, 8)}@example.com`;
  await signUpAndIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Zoë' })).toBeVisible();
  await expect(page.getByText('No favourites yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Saved Searches' }).click();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Zoë');
  await page.getByLabel('Phone (optional)').fill('0161 496 0102');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expectAccessibleToast(page);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/saved-searches');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Searches' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
