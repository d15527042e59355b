import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { AUDIT_MESSAGES, type AuditLogEntry, type AuditLogList } from '@abode/shared/admin/audit.schema';
import { AdminAuditLogsRoute } from '#src/app/routes/admin/audit-logs.tsx';
import { adminMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const AUDIT_LOGS = '/api/admin/audit-logs';

/** The audit log the API answers, whatever the filters. */
const answer = (list: AuditLogList) => server.use(http.get(AUDIT_LOGS, () => HttpResponse.json(list)));

const entry = (o: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: 'a1',
  entityType: 'security_event',
  entityId: 'evt-1',
  action: 'auth_attempt',
  severity: 'medium',
  description: 'Failed sign-in',
  metadata: null,
  beforeData: null,
  afterData: { severity: 'medium' },
  user: null,
  ipAddress: '203.0.113.5',
  userAgent: 'Firefox',
  createdAt: '2026-11-23T10:00:00.000Z',
  ...o,
});

const page = (items: AuditLogEntry[], o: Partial<AuditLogList> = {}): AuditLogList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 50,
  actions: ['auth_attempt', 'suspend_user'],
  ...o,
});

const render = (url = '/admin/audit-logs') =>
  renderRoute(url, {
    routes: [{ path: '/admin/audit-logs', element: <AdminAuditLogsRoute /> }],
    me: adminMe(),
  });

test('shows entries with severity, user or a dash, and pages', async () => {
  const requests = recordRequests();
  answer(
    page(
      [
        entry({ id: 'a1' }),
        entry({
          id: 'a2',
          entityType: 'admin_action',
          action: 'suspend_user',
          severity: 'critical',
          description: 'Suspended a spammer',
          user: { id: 'u1', email: 'pat@example.com', name: 'Pat' },
        }),
      ],
      { total: 120 },
    ),
  );
  render();
  const table = await screen.findByRole('table', { name: /audit log entries/i });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1]!).getByText('Auth attempt')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Medium')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('—')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('Critical')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('pat@example.com')).toBeInTheDocument();
  expect(screen.getByText(/of 120 entries/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /next/i })).toHaveAttribute('href', '/admin/audit-logs?page=2');
  expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([`GET ${AUDIT_LOGS}`]);
});

test('filters go into the URL and the request, and reset the page', async () => {
  answer(page([entry({})]));
  const requests = recordRequests();
  const { router } = render('/admin/audit-logs?page=3');
  await screen.findByRole('table', { name: /audit log entries/i });
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Severity'), 'high');
  await user.selectOptions(screen.getByLabelText('Event type'), 'admin_action');
  await user.selectOptions(screen.getByLabelText('Action'), 'suspend_user');
  await user.type(screen.getByLabelText('User e-mail'), 'pat@example.com');
  await user.type(screen.getByLabelText('From'), '2026-11-01');
  await user.type(screen.getByLabelText('Search'), 'spam');
  await user.click(screen.getByRole('button', { name: 'Apply filters' }));
  await waitFor(() =>
    expect(currentUrl(router)).toBe(
      '/admin/audit-logs?eventType=admin_action&action=suspend_user&severity=high&user=pat%40example.com&from=2026-11-01&q=spam',
    ),
  );
  await waitFor(() => {
    const last = new URL(requests.at(-1)!.url);
    expect(last.searchParams.get('severity')).toBe('high');
    expect(last.searchParams.get('user')).toBe('pat@example.com');
    expect(last.searchParams.get('page')).toBeNull();
  });
  // The form shows the URL's filters after a reload.
  expect(screen.getByLabelText('Search')).toHaveValue('spam');
});

test('details dialog shows before/after JSON as text, never as HTML', async () => {
  answer(
    page([
      entry({
        action: 'suspend_user',
        beforeData: { isSuspended: false, note: '<img src=x onerror=alert(1)>' },
        afterData: { severity: 'high', description: 'Suspended' },
      }),
    ]),
  );
  render();
  await screen.findByRole('table', { name: /audit log entries/i });
  await userEvent.click(screen.getAllByRole('button', { name: /details of suspend user/i })[0]!);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(/"isSuspended": false/)).toBeInTheDocument();
  expect(within(dialog).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
  expect(dialog.querySelector('img')).toBeNull();
  expect(within(dialog).getByText(/"description": "Suspended"/)).toBeInTheDocument();
});

test('empty and failed states', async () => {
  answer(page([]));
  const { unmount } = render();
  expect(await screen.findByText(AUDIT_MESSAGES.emptyTitle)).toBeInTheDocument();
  unmount();
  server.use(
    http.get(AUDIT_LOGS, () =>
      HttpResponse.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 }),
    ),
  );
  render();
  expect(await screen.findAllByText(AUDIT_MESSAGES.loadFailed)).not.toHaveLength(0);
});
