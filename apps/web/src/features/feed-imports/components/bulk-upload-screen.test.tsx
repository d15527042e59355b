/**
 * The Bulk upload screen (ADR 030) against mocked routes: who sees it, the form's choices and what it sends, the
 * progress bar, the report (counts, rows, problems only, BLM columns named), the API's refusals in words, and the
 * history of imports opening an earlier report.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { BLM_MAX_BYTES, BLM_MESSAGES } from '@abode/shared/feeds/blm/blm-import.schema';
import type { FeedImportReport, FeedImportSummary } from '@abode/shared/feeds/feed-report.schema';
import { AgentBulkUploadRoute } from '#src/app/routes/agent/bulk-upload.tsx';
import { agentNavFor } from '#src/components/layouts/agent-layout.tsx';
import { makeAgentBranch } from '#src/testing/fixtures/branches.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { answerAgentBranches } from '#src/testing/handlers/agent-branches.ts';
import { holdUploads } from '#src/testing/held-uploads.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';
import { stubMobileViewport } from '#src/testing/viewport.ts';

const RYDE = '3c9a2f10-8d4b-4e6a-9f1c-2b7d5e8a0c41';
const OWNER = agentMe();
/** Clara runs two branches: Wimbledon (her default) and Ryde. */
const TWO_BRANCHES = agentMe(
  {},
  { agency: { ...OWNER.agency!, branchIds: [AGENT_FIXTURE_IDS.branchId, RYDE] } },
);
const LISTING_ID = '00000000-0000-4000-8000-0000000000b1';

const REPORT: FeedImportReport = {
  id: '5b0e7c1a-9d2f-4e3b-8a6c-1f2e3d4c5b6a',
  fileName: 'harbour-vale.blm',
  createdAt: '2026-11-26T14:05:00.000Z',
  counts: { created: 1, updated: 0, unchanged: 0, withdrawn: 1, rejected: 1, mediaWarnings: 0 },
  fileErrors: [],
  rows: [
    {
      row: 1,
      agentRef: 'HV-1001',
      branchId: AGENT_FIXTURE_IDS.branchId,
      outcome: 'created',
      propertyId: LISTING_ID,
      slug: '3-bedroom-house-for-sale-cowper-road-sw19-1a2b3c',
      url: '/property/3-bedroom-house-for-sale-cowper-road-sw19-1a2b3c',
      errors: [],
      warnings: [],
    },
    {
      row: 2,
      agentRef: 'HV-1002',
      branchId: AGENT_FIXTURE_IDS.branchId,
      outcome: 'rejected',
      propertyId: null,
      slug: null,
      url: null,
      errors: [
        {
          code: 'MISSING_COUNCIL_TAX_BAND',
          message: 'Council tax band is required before the listing can go live',
          field: 'COUNCIL_TAX_BAND',
        },
      ],
      warnings: [],
    },
    {
      agentRef: 'HV-0900',
      branchId: AGENT_FIXTURE_IDS.branchId,
      outcome: 'withdrawn',
      propertyId: '00000000-0000-4000-8000-0000000000b2',
      slug: null,
      url: null,
      errors: [],
      warnings: [],
    },
  ],
};

const EARLIER: FeedImportSummary = {
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  fileName: 'november.zip',
  createdAt: '2026-11-20T09:30:00.000Z',
  counts: { created: 40, updated: 2, unchanged: 0, withdrawn: 0, rejected: 0, mediaWarnings: 3 },
  sentBy: 'Reapit feed',
};

const IMPORTS = '/api/agent/feeds/imports';
/** Where the file goes (held by the server until the test answers: testing/held-uploads.ts). */
const BLM_UPLOAD = '/api/agent/feeds/blm';

/**
 * Serves the branches, the import history and earlier reports; counts the history reads and returns the requests
 * the server received.
 */
function serve({ history = [EARLIER] }: { history?: FeedImportSummary[] } = {}) {
  const reads = { history: 0 };
  answerAgentBranches([
    makeAgentBranch(),
    makeAgentBranch({ id: RYDE, branchName: 'Ryde', slug: 'harbour-vale-ryde' }),
  ]);
  server.use(
    http.get(IMPORTS, () => {
      reads.history += 1;
      return HttpResponse.json({ items: history });
    }),
    http.get(`${IMPORTS}/${EARLIER.id}`, () =>
      HttpResponse.json({
        ...REPORT,
        id: EARLIER.id,
        fileName: EARLIER.fileName,
        createdAt: EARLIER.createdAt,
        counts: EARLIER.counts,
        rows: [REPORT.rows[0]],
      }),
    ),
  );
  return { requests: recordRequests(), reads };
}

function render(me = TWO_BRANCHES) {
  return renderRoute('/agent/properties/bulk-upload', {
    routes: [
      { path: '/agent/properties/bulk-upload', element: <AgentBulkUploadRoute /> },
      { path: '/agent/properties/:id/edit', element: <h1>Edit Property</h1> },
    ],
    me,
  });
}

const blm = (name = 'harbour-vale.blm') => new File(['#HEADER#\nVersion : 3\n'], name);

test('the entry is for owners and branch managers; a negotiator who opens the address is told it is not theirs', async () => {
  const labels = (me: typeof OWNER) => agentNavFor(me.agency).flatMap((g) => g.items.map((i) => i.label));
  expect(labels(OWNER)).toContain('Bulk upload');
  expect(labels(agentMe({}, { agency: { ...OWNER.agency!, role: 'branch-manager' } }))).toContain(
    'Bulk upload',
  );
  const negotiator = agentMe({}, { agency: { ...OWNER.agency!, role: 'negotiator' } });
  expect(labels(negotiator)).not.toContain('Bulk upload');
  const { requests } = serve();
  render(negotiator);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    "Bulk upload is for your agency's owner and branch managers.",
  );
  expect(screen.queryByLabelText('BLM or zip file')).not.toBeInTheDocument();
  expect(requests).toEqual([]);
});

// MSW reports no partial upload progress (testing/held-uploads.ts): the bar is checked empty, then full; the server
// sees the file part but not its name, so the name is checked on the progress bar and the report.
test('uploading sends the file, the branch and the withdraw choice, shows progress, then the report', async () => {
  const { reads } = serve();
  const held = holdUploads(BLM_UPLOAD);
  const user = userEvent.setup();
  render();
  const branch = await screen.findByLabelText('Branch for rows with an unmapped branch code');
  expect(branch).toHaveDisplayValue('Harbour & Vale, Wimbledon');
  const withdraw = screen.getByRole('checkbox', { name: 'Withdraw listings missing from this file' });
  expect(withdraw).toBeChecked();
  expect(withdraw).toHaveAccessibleDescription(/full feed/);
  await user.upload(screen.getByLabelText('BLM or zip file'), blm());
  await user.selectOptions(branch, RYDE);
  await user.click(withdraw);
  await user.click(screen.getByRole('button', { name: 'Upload' }));

  await waitFor(() => expect(held).toHaveLength(1));
  const upload = held[0]!;
  expect(upload.form.has('file')).toBe(true);
  expect(upload.form.get('branchId')).toBe(RYDE);
  expect(upload.form.get('withdrawAbsent')).toBe('false');
  expect(screen.getByRole('progressbar', { name: 'harbour-vale.blm' })).toHaveValue(0);
  act(() => upload.allSent(200));
  await waitFor(() => expect(screen.getByRole('progressbar', { name: 'harbour-vale.blm' })).toHaveValue(100));
  expect(screen.getByText('Importing the rows…')).toBeInTheDocument();
  const historyReads = reads.history;
  act(() => upload.answer(200, REPORT));

  const heading = await screen.findByRole('heading', { name: 'Report: harbour-vale.blm' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(await screen.findByText('harbour-vale.blm imported')).toBeInTheDocument();
  const report = screen.getByTestId('import-report');
  const counts = report.querySelector<HTMLElement>('dl[aria-label="Counts"]')!;
  const figure = (term: string) =>
    within(counts)
      .getAllByRole('term')
      .find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;
  expect(figure('Created')).toBe('1');
  expect(figure('Rejected')).toBe('1');
  expect(figure('Withdrawn')).toBe('1');
  expect(figure('With media warnings')).toBe('0');
  const table = within(report).getByRole('table', { name: 'Rows of the import' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  expect(within(rows[0]!).getByText('Created')).toBeInTheDocument();
  expect(within(rows[0]!).getByRole('link', { name: 'Edit listing HV-1001' })).toHaveAttribute(
    'href',
    `/agent/properties/${LISTING_ID}/edit`,
  );
  expect(rows[1]).toHaveTextContent(
    'Error: Council tax band is required before the listing can go live — column COUNCIL_TAX_BAND',
  );
  expect(within(rows[2]!).getByText('Withdrawn')).toBeInTheDocument();
  // The history is read again with the new import in it; the file input is empty for the next one.
  await waitFor(() => expect(reads.history).toBeGreaterThan(historyReads));
  expect((screen.getByLabelText('BLM or zip file') as HTMLInputElement).files).toHaveLength(0);

  await user.click(within(report).getByRole('checkbox', { name: 'Problems only' }));
  const problems = within(within(report).getByRole('table')).getAllByRole('row').slice(1);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toHaveTextContent('HV-1002');
  expect(within(report).getByText('1 of 3 rows have problems')).toBeInTheDocument();
});

test('a file of another kind is refused under the field and nothing is sent', async () => {
  const { requests } = serve();
  const user = userEvent.setup({ applyAccept: false });
  render();
  const input = await screen.findByLabelText('BLM or zip file');
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(await screen.findByText('Choose a .blm file, or a .zip holding one')).toBeInTheDocument();
  await user.upload(input, new File(['a,b'], 'listings.csv'));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(
    await screen.findByText('Choose a .blm file, or a .zip holding one .blm and its media'),
  ).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  // Over the API's own limit for a .blm: said with its words before a byte is sent.
  const huge = new File(['x'], 'huge.blm');
  Object.defineProperty(huge, 'size', { value: BLM_MAX_BYTES + 1 });
  await user.upload(input, huge);
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  expect(await screen.findByText(BLM_MESSAGES.blmTooLarge)).toBeInTheDocument();
  expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
});

test("the API's refusal is said in its words, under the form and in a toast", async () => {
  serve();
  const held = holdUploads(BLM_UPLOAD);
  const user = userEvent.setup();
  render(OWNER);
  // One branch: no branch to choose, and none sent (the server takes the member's default).
  await user.upload(await screen.findByLabelText('BLM or zip file'), blm());
  expect(screen.queryByLabelText('Branch for rows with an unmapped branch code')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(held).toHaveLength(1));
  expect(held[0]!.form.get('branchId')).toBeNull();
  expect(held[0]!.form.get('withdrawAbsent')).toBe('true');
  act(() =>
    held[0]!.answer(400, {
      error: { code: 'BLM_INVALID', message: 'The file has no #DEFINITION# section' },
    }),
  );
  const said = 'The file was not imported. The file has no #DEFINITION# section';
  // The toast's text, and the same words kept under the form once the toast has gone.
  expect(await screen.findByText(said)).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Upload a BLM file' });
  expect(within(form).getByRole('alert')).toHaveTextContent(said);
  expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
});

test('an earlier import opens its report from the history, as cards on a phone', async () => {
  stubMobileViewport();
  const { requests } = serve();
  const user = userEvent.setup();
  render();
  const history = await screen.findByRole('list', { name: 'Earlier imports' });
  const card = within(history).getByRole('article', { name: 'november.zip' });
  expect(card).toHaveTextContent('Reapit feed');
  expect(card).toHaveTextContent('40 created, 2 updated, 3 with media warnings');
  await user.click(within(card).getByRole('button', { name: 'View report: november.zip' }));
  expect(await screen.findByRole('heading', { name: 'Report: november.zip' })).toBeInTheDocument();
  expect(requests.map((r) => new URL(r.url).pathname)).toContain(`${IMPORTS}/${EARLIER.id}`);
  const rows = screen.getByRole('list', { name: 'Rows of the import' });
  expect(within(rows).getByRole('article', { name: 'Row 1, HV-1001' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Shown above: november.zip' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('no imports yet says so', async () => {
  serve({ history: [] });
  render();
  expect(await screen.findByText('No file has been imported yet.')).toBeInTheDocument();
});
