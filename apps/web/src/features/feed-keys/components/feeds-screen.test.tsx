import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { http, HttpResponse, type RequestHandler } from 'msw';
import {
  FEED_KEY_MESSAGES as M,
  type CreatedFeedKey,
  type FeedKey,
  type FeedKeyList,
} from '@abode/shared/feeds/feed-keys.schema';
import { AgentListingFeedsRoute } from '#src/app/routes/agent/listing-feeds.tsx';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { stubMobileViewport } from '#src/testing/viewport.ts';
import { recordRequests, server, writesOf } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const WIMBLEDON = AGENT_FIXTURE_IDS.branchId;
const READING = '0b7e1f3c-6c1d-4b8e-9a51-3f0e2d6c4a10';
const KEY: FeedKey = {
  id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
  name: 'Reapit',
  keyPrefix: 'abode_feed_3fK9xQ',
  branchId: 10001,
  branchUuid: WIMBLEDON,
  branchName: 'Wimbledon',
  withdrawAbsent: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Alex Morgan',
  lastUsedAt: '2026-11-26T09:15:00.000Z',
};
const LIST: FeedKeyList = {
  items: [KEY],
  branches: [
    { id: WIMBLEDON, name: 'Wimbledon', feedBranchId: 10001 },
    { id: READING, name: 'Reading', feedBranchId: 10002 },
  ],
};
const SECRET = `abode_feed_${'k'.repeat(43)}`;

const notifications = () => within(screen.getByRole('region', { name: /Notifications/ }));

const KEYS = '/api/agent/api-keys';
const KEY_PATH = `${KEYS}/:id`;

/**
 * The Listing feeds page for `me` (the key list and no branch codes answered, `handlers` answering the writes);
 * returns the requests the server received.
 */
function open(handlers: RequestHandler[] = [], me = agentMe()) {
  server.use(
    http.get(KEYS, () => HttpResponse.json(LIST)),
    http.get('/api/agent/feed-branch-codes', () => HttpResponse.json({ items: [] })),
    ...handlers,
  );
  const requests = recordRequests();
  renderRoute('/agent/settings/feeds', {
    routes: [{ path: '/agent/settings/feeds', element: <AgentListingFeedsRoute /> }],
    me,
  });
  return requests;
}

test('the endpoints a CRM needs, the branches’ feed ids and the keys with their last use', async () => {
  open();
  const keys = await screen.findByRole('table', { name: 'Feed keys' });
  const row = within(keys).getAllByRole('row')[1]!;
  expect(within(row).getByText('Reapit')).toBeInTheDocument();
  expect(within(row).getByText('abode_feed_3fK9xQ…')).toBeInTheDocument();
  expect(within(row).getByText('Alex Morgan')).toBeInTheDocument();
  expect(within(row).getByText('26 Nov 2026, 09:15')).toBeInTheDocument();
  expect(
    within(row).getByRole('switch', { name: /Withdraw listings missing from a BLM file/ }),
  ).toBeChecked();
  expect(screen.getByText(`${window.location.origin}/api/rtdf/v1/property/`)).toBeInTheDocument();
  expect(screen.getByText(`${window.location.origin}/api/feeds/blm`)).toBeInTheDocument();
  expect(screen.getByText('Authorization: Bearer <key>')).toBeInTheDocument();
  const ids = screen.getByRole('table', { name: 'Branch feed ids' });
  expect(within(ids).getByRole('row', { name: 'Reading 10002' })).toBeInTheDocument();
});

test('creating a key: the schema checks the name, the secret is shown once with Copy', async () => {
  const created: CreatedFeedKey = {
    ...KEY,
    id: 'new-key',
    name: 'Alto',
    branchId: 10002,
    branchUuid: READING,
    branchName: 'Reading',
    key: SECRET,
  };
  const requests = open([http.post(KEYS, () => HttpResponse.json(created, { status: 201 }))]);
  const user = userEvent.setup();
  const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  await user.click(await screen.findByRole('button', { name: 'Create key' }));
  const dialog = screen.getByRole('dialog', { name: 'Create a feed key' });
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await within(dialog).findByText(M.nameRequired)).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/Name/), 'Alto');
  await user.selectOptions(within(dialog).getByLabelText('Branch'), READING);
  await user.click(within(dialog).getByRole('switch', { name: /Withdraw listings missing/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

  const result = await screen.findByRole('dialog', { name: 'Your new key: Alto' });
  expect(within(result).getByText(M.shownOnce)).toBeInTheDocument();
  expect(within(result).getByLabelText('Key for Reading')).toHaveValue(SECRET);
  await user.click(within(result).getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(SECRET);
  expect(await notifications().findByText(M.copied)).toBeInTheDocument();
  expect(await writesOf(requests)).toEqual([
    { call: 'POST /api/agent/api-keys', body: { name: 'Alto', branchId: READING, withdrawAbsent: false } },
  ]);
  await user.click(within(result).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  // Opened again, the dialog starts afresh: the secret is gone for good.
  await user.click(screen.getByRole('button', { name: 'Create key' }));
  expect(screen.queryByDisplayValue(SECRET)).toBeNull();
});

test('the server’s refusal (too many keys) is said in its words and the form stays', async () => {
  open([
    http.post(KEYS, () =>
      HttpResponse.json({ error: { code: 'CONFLICT', message: M.tooMany } }, { status: 409 }),
    ),
  ]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create key' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByLabelText(/Name/), 'One more');
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await notifications().findByText(M.tooMany)).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Create a feed key' })).toBeInTheDocument();
});

test('revoking asks first; the withdraw-absent switch saves at once', async () => {
  const requests = open([
    http.patch(KEY_PATH, () => HttpResponse.json({ ...KEY, withdrawAbsent: false })),
    http.delete(KEY_PATH, () => new HttpResponse(null, { status: 204 })),
  ]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('switch', { name: /Withdraw listings missing.*Reapit/ }));
  expect(await notifications().findByText(M.updated)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Revoke Reapit' }));
  const confirm = screen.getByRole('alertdialog', { name: 'Revoke the key “Reapit”?' });
  expect(within(confirm).getByText(M.revokeConfirm)).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
  expect(await notifications().findByText(M.revoked)).toBeInTheDocument();
  expect(await writesOf(requests)).toEqual([
    { call: `PATCH /api/agent/api-keys/${KEY.id}`, body: { withdrawAbsent: false } },
    { call: `DELETE /api/agent/api-keys/${KEY.id}`, body: undefined },
  ]);
});

test('on a phone the keys are cards', async () => {
  stubMobileViewport();
  open();
  const card = await screen.findByRole('article', { name: 'Reapit' });
  expect(within(card).getByText(/Wimbledon · feed id/)).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Revoke Reapit' })).toBeInTheDocument();
});

test('a negotiator is told who manages feeds, and nothing is fetched', async () => {
  const requests = open([], agentMe({}, { agency: { ...agentMe().agency!, role: 'negotiator' } }));
  expect(
    await screen.findByRole('heading', { name: 'Listing feeds are managed by your managers' }),
  ).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
  expect(requests).toEqual([]);
});
