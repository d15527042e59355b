/**
 * Bulk upload (ADR 030) against the real server and demo data: Clara Whitmore, owner of Harbour & Vale, opens
 * Bulk upload from My Properties, sends a two-row BLM v3 file written here from real addresses (Cowper Road,
 * Wimbledon; Parkside Road, Reading) — one complete row, one without its council tax band — into her Wimbledon branch
 * (the file's branch code is not mapped), and reads the report: one listing created, one row rejected with the BLM
 * column named, 'Problems only' keeping the rows with errors or warnings. The created listing's edit page says it
 * comes from a BLM file and carries its style, and My Properties shows its source; the import is in the history.
 * Axe checks each screen; the report and the list are saved at 1280 and 390 px wide.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_SESSIONS } from '../fixtures/accounts.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { atBothWidths, DESKTOP } from '../fixtures/screenshots.ts';

/** BLM v3's columns as this file defines them (any order is allowed; this is a CRM's usual one). */
const COLUMNS = [
  'AGENT_REF',
  'BRANCH_ID',
  'STATUS_ID',
  'CREATE_DATE',
  'UPDATE_DATE',
  'DISPLAY_ADDRESS',
  'PUBLISHED_FLAG',
  'ADDRESS_1',
  'ADDRESS_2',
  'TOWN',
  'POSTCODE1',
  'POSTCODE2',
  'FEATURE1',
  'FEATURE2',
  'SUMMARY',
  'DESCRIPTION',
  'BEDROOMS',
  'BATHROOMS',
  'PRICE',
  'PRICE_QUALIFIER',
  'PROP_SUB_ID',
  'TENURE_TYPE_ID',
  'TRANS_TYPE_ID',
  'NEW_HOME_FLAG',
  'COUNCIL_TAX_BAND',
] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

/**
 * A BLM v3 file ('^' between fields, '~' after each record): the header, the definition, the rows and #END#. Street
 * addresses are real (HM Land Registry Price Paid); the CRM's branch code `E2E-<run>` is mapped nowhere.
 */
function blmFile(rows: Row[]): string {
  const record = (values: readonly string[]) => `${values.join('^')}^~`;
  return [
    '#HEADER#',
    'Version : 3',
    "EOF : '^'",
    "EOR : '~'",
    `Property Count : ${rows.length}`,
    'Generated Date : 26-Nov-2026 14:05',
    '',
    '#DEFINITION#',
    record(COLUMNS),
    '',
    '#DATA#',
    ...rows.map((row) => record(COLUMNS.map((column) => row[column]))),
    '#END#',
    '',
  ].join('\n');
}

function rows(run: string): Row[] {
  const common = {
    BRANCH_ID: `E2E-${run}`,
    STATUS_ID: '0',
    CREATE_DATE: '2026-11-20 09:00:00',
    UPDATE_DATE: '2026-11-26 14:00:00',
    PUBLISHED_FLAG: '1',
    ADDRESS_2: '',
    FEATURE1: 'South-facing garden',
    FEATURE2: 'Close to the station',
    BATHROOMS: '1',
    // Rightmove's code 2: Guide price.
    PRICE_QUALIFIER: '2',
    TENURE_TYPE_ID: '1',
    TRANS_TYPE_ID: '1',
    NEW_HOME_FLAG: 'N',
  };
  return [
    {
      ...common,
      AGENT_REF: `HV-${run}-1`,
      DISPLAY_ADDRESS: 'Cowper Road, Wimbledon',
      ADDRESS_1: 'Cowper Road',
      TOWN: 'London',
      POSTCODE1: 'SW19',
      POSTCODE2: '1AA',
      SUMMARY: 'A semi-detached Victorian house a short walk from Wimbledon station.',
      DESCRIPTION: 'A semi-detached Victorian house with a south-facing garden, close to Wimbledon station.',
      BEDROOMS: '3',
      PRICE: '650000',
      PROP_SUB_ID: '3',
      COUNCIL_TAX_BAND: 'E',
    },
    {
      ...common,
      AGENT_REF: `HV-${run}-2`,
      DISPLAY_ADDRESS: 'Parkside Road, Reading',
      ADDRESS_1: 'Parkside Road',
      TOWN: 'Reading',
      POSTCODE1: 'RG30',
      POSTCODE2: '2BY',
      SUMMARY: 'A terraced house near Prospect Park.',
      DESCRIPTION: 'A terraced house near Prospect Park, with two double bedrooms.',
      BEDROOMS: '2',
      PRICE: '325000',
      PROP_SUB_ID: '1',
      COUNCIL_TAX_BAND: '',
    },
  ];
}

test('an owner uploads a BLM file and reads its report: one listing created, one row rejected', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = randomUUID().slice(0, 8);
  const fileName = `harbour-vale-${run}.blm`;
  const context = await browser.newContext({ storageState: DEMO_SESSIONS.owner, viewport: DESKTOP });
  const page = await context.newPage();

  await page.goto('/agent/properties');
  await page.getByRole('link', { name: 'Bulk upload' }).first().click();
  await expect(page).toHaveURL(/\/agent\/properties\/bulk-upload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk upload' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('BLM or zip file').setInputFiles({
    name: fileName,
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(blmFile(rows(run)), 'latin1'),
  });
  await page
    .getByLabel('Branch for rows with an unmapped branch code')
    .selectOption({ label: 'Harbour & Vale, Wimbledon' });
  // Other journeys' feed listings share the demo branches: this file is not the agency's whole feed.
  const withdraw = page.getByRole('checkbox', { name: 'Withdraw listings missing from this file' });
  await expect(withdraw).toBeChecked();
  await withdraw.uncheck();
  await page.getByRole('button', { name: 'Upload' }).click();

  const report = page.getByTestId('import-report');
  await expect(report.getByRole('heading', { name: `Report: ${fileName}` })).toBeFocused();
  const figure = (term: string) =>
    report.locator('dl[aria-label="Counts"] div').filter({ hasText: term }).locator('dd');
  await expect(figure('Created')).toHaveText('1');
  await expect(figure('Rejected')).toHaveText('1');
  await expect(figure('Withdrawn')).toHaveText('0');

  const table = report.getByRole('table', { name: 'Rows of the import' });
  const created = table.getByRole('row').filter({ hasText: `HV-${run}-1` });
  const rejected = table.getByRole('row').filter({ hasText: `HV-${run}-2` });
  await expect(created).toContainText('Created');
  // The branch code was not mapped: the row went to the branch chosen, and the report says so.
  await expect(created).toContainText(`E2E-${run}`);
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText(/council tax band/i);
  await expect(rejected).toContainText('column COUNCIL_TAX_BAND');

  await report.getByRole('checkbox', { name: 'Problems only' }).check();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(report.getByText(/rows have problems/)).toBeVisible();
  await expect(rejected).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await atBothWidths(page, 'bulk-upload-report');

  // The history has the import, and the created listing says where it came from.
  const history = page.getByRole('table', { name: 'Earlier imports' });
  await expect(history.getByRole('row').filter({ hasText: fileName })).toContainText('1 created, 1 rejected');
  await report.getByRole('checkbox', { name: 'Problems only' }).uncheck();
  await created.getByRole('link', { name: /Edit listing/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Property' })).toBeVisible();
  const notice = page.getByRole('status', { name: /comes from your agency.s CRM/ });
  await expect(notice).toContainText(`It arrives through a BLM file, reference HV-${run}-1`);
  await expect(notice).toContainText('Changes made here are replaced by the next update from the CRM');
  await expect(page.getByLabel('Property type')).toHaveValue('house');
  await expect(page.getByLabel('Style')).toHaveValue('semi-detached');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: test.info().outputPath('bulk-upload-feed-listing-1280.png'),
    fullPage: true,
  });

  // My Properties says where it came from: the file's badge, the CRM's reference, the last feed update.
  await page.getByRole('link', { name: 'My Properties' }).first().click();
  const listings = page.getByRole('table', { name: 'My properties' });
  const mine = listings.getByRole('row').filter({ hasText: `HV-${run}-1` });
  await expect(mine.getByTestId('listing-source')).toContainText('BLM file');
  await expect(mine.getByTestId('listing-source')).toContainText('Feed update');
  await expectNoSeriousA11yViolations(page);
  await atBothWidths(page, 'bulk-upload-my-properties', { stayAtPhoneWidth: true });
  const cards = page.getByRole('list', { name: 'My properties' });
  await expect(cards.getByRole('listitem').filter({ hasText: `HV-${run}-1` })).toContainText('BLM file');
  await context.close();
});
