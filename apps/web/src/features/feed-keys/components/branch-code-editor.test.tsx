import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { FEED_KEY_MESSAGES as M, type FeedKeyList } from '@abode/shared/feeds/feed-keys.schema';
import { AGENT_FIXTURE_IDS } from '#src/testing/fixtures/me.ts';
import { recordRequests, server, writesOf } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { BranchCodeEditor } from './branch-code-editor.tsx';

const WIMBLEDON = AGENT_FIXTURE_IDS.branchId;
const READING = '0b7e1f3c-6c1d-4b8e-9a51-3f0e2d6c4a10';
const BRANCHES: FeedKeyList['branches'] = [
  { id: WIMBLEDON, name: 'Wimbledon', feedBranchId: 10001 },
  { id: READING, name: 'Reading', feedBranchId: 10002 },
];

const CODES = '/api/agent/feed-branch-codes';
const CODE = `${CODES}/:code`;

/**
 * The editor with one code mapped (SW19 → Wimbledon); `handlers` answer the writes. Returns the requests the server
 * received.
 */
function open(...handlers: RequestHandler[]) {
  server.use(
    http.get(CODES, () =>
      HttpResponse.json({ items: [{ code: 'SW19', branchId: WIMBLEDON, branchName: 'Wimbledon' }] }),
    ),
    ...handlers,
  );
  const requests = recordRequests();
  renderWithRouter(<BranchCodeEditor branches={BRANCHES} />);
  return requests;
}

test('a code moves to another branch and is removed', async () => {
  const requests = open(
    http.put(CODE, () => HttpResponse.json({ code: 'SW19', branchId: READING, branchName: 'Reading' })),
    http.delete(CODE, () => new HttpResponse(null, { status: 204 })),
  );
  const user = userEvent.setup();
  const codes = await screen.findByRole('list', { name: 'Branch codes' });
  await user.selectOptions(within(codes).getByLabelText('Branch of SW19'), READING);
  expect(await screen.findByText(M.codeSaved)).toBeInTheDocument();
  await user.click(within(codes).getByRole('button', { name: 'Remove SW19' }));
  expect(await screen.findByText(M.codeRemoved)).toBeInTheDocument();
  expect(await writesOf(requests)).toEqual([
    { call: 'PUT /api/agent/feed-branch-codes/SW19', body: { branchId: READING } },
    { call: 'DELETE /api/agent/feed-branch-codes/SW19', body: undefined },
  ]);
});

test('adding a code: checked with the shared rule, sent URL-encoded', async () => {
  const requests = open(
    http.put(CODE, () => HttpResponse.json({ code: 'RDG/01', branchId: READING, branchName: 'Reading' })),
  );
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Add a branch code' });
  await user.type(within(form).getByLabelText('CRM branch code'), 'RDG 01');
  await user.click(within(form).getByRole('button', { name: 'Add code' }));
  expect(await within(form).findByText(M.codeInvalid)).toBeInTheDocument();
  expect(within(form).getByLabelText('CRM branch code')).toHaveAttribute('aria-invalid', 'true');
  await user.clear(within(form).getByLabelText('CRM branch code'));
  await user.type(within(form).getByLabelText('CRM branch code'), 'RDG/01');
  await user.selectOptions(within(form).getByLabelText('Branch'), READING);
  await user.click(within(form).getByRole('button', { name: 'Add code' }));
  expect(await screen.findByText(M.codeSaved)).toBeInTheDocument();
  expect(await writesOf(requests)).toEqual([
    { call: 'PUT /api/agent/feed-branch-codes/RDG%2F01', body: { branchId: READING } },
  ]);
  expect(within(form).getByLabelText('CRM branch code')).toHaveValue('');
});

test('a code another manager’s branch holds: the server’s words', async () => {
  open(
    http.put(CODE, () =>
      HttpResponse.json({ error: { code: 'CONFLICT', message: M.codeTaken } }, { status: 409 }),
    ),
  );
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Add a branch code' });
  await user.type(within(form).getByLabelText('CRM branch code'), 'RYD');
  await user.click(within(form).getByRole('button', { name: 'Add code' }));
  expect(await screen.findByText(M.codeTaken)).toBeInTheDocument();
});
