import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { FEED_KEY_MESSAGES as M, type FeedKeyList } from '@abode/shared/feeds/feed-keys.schema';
import { AGENT_FIXTURE_IDS } from '#src/testing/fixtures/me.ts';
import { renderWithRouter, stubFetch } from '#src/testing/test-utils.tsx';
import { BranchCodeEditor } from './branch-code-editor.tsx';

const WIMBLEDON = AGENT_FIXTURE_IDS.branchId;
const READING = '0b7e1f3c-6c1d-4b8e-9a51-3f0e2d6c4a10';
const BRANCHES: FeedKeyList['branches'] = [
  { id: WIMBLEDON, name: 'Wimbledon', feedBranchId: 10001 },
  { id: READING, name: 'Reading', feedBranchId: 10002 },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The editor with one code mapped (SW19 → Wimbledon); `handler` answers the writes. */
function open(
  handler: (url: URL, init?: RequestInit) => Response = () => new Response(null, { status: 204 }),
) {
  const fetch = stubFetch((url, init) =>
    (init?.method ?? 'GET') === 'GET'
      ? Response.json({ items: [{ code: 'SW19', branchId: WIMBLEDON, branchName: 'Wimbledon' }] })
      : handler(url, init),
  );
  renderWithRouter(<BranchCodeEditor branches={BRANCHES} />);
  return fetch;
}

const writesOf = (fetch: ReturnType<typeof stubFetch>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([input, init]) => [
      `${init!.method} ${new URL(String(input), 'http://localhost').pathname}`,
      init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    ]);

test('a code moves to another branch and is removed', async () => {
  const fetch = open((url, init) =>
    init?.method === 'PUT'
      ? Response.json({ code: 'SW19', branchId: READING, branchName: 'Reading' })
      : new Response(null, { status: 204 }),
  );
  const user = userEvent.setup();
  const codes = await screen.findByRole('list', { name: 'Branch codes' });
  await user.selectOptions(within(codes).getByLabelText('Branch of SW19'), READING);
  expect(await screen.findByText(M.codeSaved)).toBeInTheDocument();
  await user.click(within(codes).getByRole('button', { name: 'Remove SW19' }));
  expect(await screen.findByText(M.codeRemoved)).toBeInTheDocument();
  expect(writesOf(fetch)).toEqual([
    ['PUT /api/agent/feed-branch-codes/SW19', { branchId: READING }],
    ['DELETE /api/agent/feed-branch-codes/SW19', undefined],
  ]);
});

test('adding a code: checked with the shared rule, sent URL-encoded', async () => {
  const fetch = open(() => Response.json({ code: 'RDG/01', branchId: READING, branchName: 'Reading' }));
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
  expect(writesOf(fetch)).toEqual([['PUT /api/agent/feed-branch-codes/RDG%2F01', { branchId: READING }]]);
  expect(within(form).getByLabelText('CRM branch code')).toHaveValue('');
});

test('a code another manager’s branch holds: the server’s words', async () => {
  open(() => Response.json({ error: { code: 'CONFLICT', message: M.codeTaken } }, { status: 409 }));
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'Add a branch code' });
  await user.type(within(form).getByLabelText('CRM branch code'), 'RYD');
  await user.click(within(form).getByRole('button', { name: 'Add code' }));
  expect(await screen.findByText(M.codeTaken)).toBeInTheDocument();
});
