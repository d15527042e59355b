/**
 * The team's lead inbox (ADR 029) against the real server and demo data: a visitor asks about a Harbour & Vale
 * Wimbledon listing, with a viewing request and their position as a buyer; Clara Whitmore, the firm's owner, finds it
 * in her enquiries, sees what was asked, assigns it, leaves a private note and replies; the reply reaches the
 * visitor's inbox (the dev outbox) from the branch, and the enquiry is In Progress and hers. Clara's session is the
 * one specs/demo-sessions.setup.ts saved (she signs in once per run). Axe runs on the enquiry form and the lead's
 * details; both, and the list, are saved at 1280 and 390 px wide for checking by eye.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_SESSIONS, mailTo } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';

const DAY_MS = 86_400_000;

/** A demo sale listing of Harbour & Vale's Wimbledon branch, from the public search. */
async function harbourAndValeWimbledonListing(page: Page): Promise<{ slug: string; title: string }> {
  const response = await page.request.get('/api/properties?location=Wimbledon&mode=sale&pageSize=50');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as {
    items: { slug: string; title: string; agent: { agencyName: string | null } | null }[];
  };
  const listing = items.find((item) => item.agent?.agencyName === 'Harbour & Vale');
  if (!listing) throw new Error('no Harbour & Vale listing in Wimbledon in the demo data');
  return listing;
}

/** A day `days` ahead as the date input takes it, and as the branch reads it ('Sat 5 Dec 2026'). */
function dayAhead(days: number): { value: string; words: string } {
  const date = new Date(Date.now() + days * DAY_MS);
  const value = date.toISOString().slice(0, 10);
  const words = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${value}T12:00:00Z`))
    .replace(/,/g, '');
  return { value, words };
}

/** Saves `target` at 1280 and 390 px wide (tall enough to hold it unscrolled), axe at the phone width too. */
async function atBothWidths(page: Page, target: Locator, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 2000 });
    if (width === 390) await expectNoSeriousA11yViolations(page);
    await target.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor asks for a viewing; the owner assigns the lead, notes it and replies by e-mail', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 8);
  const visitorName = `Imogen Hart ${tag}`;
  const visitorEmail = `leads-${tag}@example.com`;
  const first = dayAhead(3);
  const second = dayAhead(10);

  // 1. A visitor enquires about a Harbour & Vale Wimbledon home, asking to view and saying where they stand.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const listing = await harbourAndValeWimbledonListing(visitor);
  await visitor.goto(`/property/${listing.slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: listing.title })).toBeVisible();
  // The listing's own agent card (the similar homes below have their own Contact Agent buttons).
  const agentCard = visitor.getByRole('region', { name: 'Harbour & Vale', exact: true });
  await expect(agentCard).toContainText('Wimbledon branch');
  await agentCard.getByRole('button', { name: 'Contact Agent' }).click();
  const form = visitor.getByRole('dialog', { name: 'Contact Harbour & Vale' });
  await form.getByLabel('Name', { exact: true }).fill(visitorName);
  await form.getByLabel('Email', { exact: true }).fill(visitorEmail);
  await form
    .getByLabel('Message', { exact: true })
    .fill('We would love to see the garden. Are weekends possible?');
  await form.getByLabel('I’d like to arrange a viewing').check();
  const time1 = form.getByRole('group', { name: 'Viewing time 1' });
  await time1.getByLabel('Date').fill(first.value);
  await time1.getByLabel('Time of day').selectOption('afternoon');
  await form.getByRole('button', { name: 'Add another time' }).click();
  await form.getByRole('group', { name: 'Viewing time 2' }).getByLabel('Date').fill(second.value);
  await form.getByLabel('First-time buyer').check();
  await form.getByLabel('Mortgage agreed in principle').check();
  await expectNoSeriousA11yViolations(visitor);
  await atBothWidths(visitor, form, 'enquiry-form');
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByText(`Contacting Harbour & Vale about ${listing.title}`)).toBeVisible();
  await visitorContext.close();

  // 2. Clara (signed in once for the run: DEMO_SESSIONS) finds it among the firm's enquiries, unassigned.
  const owner = await browser.newContext({ storageState: DEMO_SESSIONS.owner });
  const page = await owner.newPage();
  await page.goto('/agent/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Enquiries' }).click();
  await expect(page).toHaveURL(/\/agent\/enquiries$/);
  await page.getByLabel('Search enquiries').fill(visitorName);
  await page.getByLabel('Assigned', { exact: true }).selectOption('unassigned');
  await expect(page).toHaveURL(/assigned=unassigned/);
  const row = page.getByRole('row').filter({ hasText: visitorName });
  await expect(row).toContainText('Unassigned');
  await row.getByRole('button', { name: `View the enquiry from ${visitorName}` }).click();

  // 3. The details: what was asked, then assign, note and reply.
  const lead = page.getByRole('dialog', { name: `Enquiry from ${visitorName}` });
  await expect(lead.getByText(`${first.words}, afternoon`)).toBeVisible();
  await expect(lead.getByText(`${second.words}, morning`)).toBeVisible();
  await expect(lead.getByText('First-time buyer')).toBeVisible();
  await expect(lead.getByText('Mortgage agreed in principle')).toBeVisible();
  await expect(lead.getByText('No notes or replies yet.')).toBeVisible();

  await lead.getByLabel('Assigned to').selectOption({ label: 'Clara Whitmore (Owner)' });
  await expect(page.getByText('Enquiry assigned').first()).toBeVisible();

  await lead.getByRole('tab', { name: 'Private note' }).click();
  await lead
    .getByLabel('Note for your team')
    .fill('First-time buyer with a mortgage in principle: offer Saturday.');
  await lead.getByRole('button', { name: 'Add note' }).click();
  await expect(lead.getByRole('article', { name: 'Private note by Clara Whitmore' })).toContainText(
    'offer Saturday',
  );

  await lead.getByRole('tab', { name: 'Reply' }).click();
  const reply = `Thank you, Imogen. ${first.words} in the afternoon suits us: shall we say 2pm? (${tag})`;
  await lead.getByLabel(`Reply to ${visitorName}`).fill(reply);
  await lead.getByRole('button', { name: 'Send reply' }).click();
  await expect(lead.getByRole('article', { name: 'Reply sent by Clara Whitmore' })).toContainText(reply);
  await expect(lead.getByLabel('Enquiry status')).toHaveValue('in_progress');
  await expectNoSeriousA11yViolations(page);
  await atBothWidths(page, lead, 'lead-details');

  // 4. The reply is in the visitor's inbox, from the branch, quoting their enquiry.
  const mail = await mailTo(page, visitorEmail, new RegExp(`^Re: ${escapeRegExp(listing.title)}$`));
  expect(mail.text).toContain(reply);
  expect(mail.text).toContain('Harbour & Vale, Wimbledon');
  expect(mail.text).toContain('> We would love to see the garden.');

  // 5. The list: hers now, In Progress, under Mine.
  await page.keyboard.press('Escape');
  await page.getByLabel('Assigned', { exact: true }).selectOption('me');
  await expect(page).toHaveURL(/assigned=me/);
  const mine = page.getByRole('row').filter({ hasText: visitorName });
  await expect(mine).toContainText('Clara Whitmore');
  await expect(mine.getByLabel(`Status of the enquiry from ${visitorName}`)).toHaveValue('in_progress');
  await expectNoSeriousA11yViolations(page);
  await atBothWidths(page, page.getByRole('main'), 'lead-list');
  await owner.close();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
