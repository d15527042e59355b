import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { AGENCY_MESSAGES, type Agency } from '@abode/shared/agency/agency.schema';
import { MESSAGES } from '@abode/shared/messages';
import type { Me } from '#src/lib/auth.tsx';
import { agentMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { AgencyCard } from './agency-card.tsx';

const AGENCY: Agency = {
  id: '7d0c5a1e-2b3f-4c6d-8e9f-0a1b2c3d4e5f',
  name: 'Harbour & Vale',
  redressScheme: null,
  redressMembershipNumber: null,
  cmpScheme: null,
  cmpMembershipNumber: null,
  standing: 'unverified',
  verifiedAt: null,
  handlesLettings: true,
  branchCount: 1,
  gaps: ['redress', 'cmp'],
};

const owner = (standing: Agency['standing'] = 'unverified') =>
  agentMe({}, { agency: { ...agentMe().agency!, standing } });

const AGENCY_PATH = '/api/agent/agency';

/**
 * A fake API: GET answers `agency`; PATCH stores the body, sets a verified agency with new details back to
 * unverified as the server does, or fails with `failPatch`; /api/me answers `me`. Returns every PATCH body received.
 */
function serve(agency: Agency, me: Me, o: { failPatch?: () => Response } = {}) {
  let stored = agency;
  const patches: unknown[] = [];
  server.use(
    http.get('/api/me', () => HttpResponse.json(me)),
    http.get(AGENCY_PATH, () => HttpResponse.json(stored)),
    http.patch(AGENCY_PATH, async ({ request }) => {
      const body = (await request.json()) as Partial<Agency>;
      patches.push(body);
      if (o.failPatch) return o.failPatch();
      const changed = body.redressMembershipNumber !== stored.redressMembershipNumber;
      stored = {
        ...stored,
        ...body,
        standing: changed ? 'unverified' : stored.standing,
        gaps: body.redressScheme ? (body.cmpScheme ? [] : ['cmp']) : ['redress', 'cmp'],
      };
      return HttpResponse.json(stored);
    }),
  );
  return patches;
}

test('an owner records the redress scheme and CMP; the numbers go to the API as the shared schema parses them', async () => {
  const user = userEvent.setup();
  const patches = serve(AGENCY, owner());
  renderWithRouter(<AgencyCard />, { me: owner() });
  expect(await screen.findByText(AGENCY_MESSAGES.standingMeaning.unverified)).toBeInTheDocument();
  expect(
    screen.getByText(/Still to add: a redress scheme and membership number; a client money/),
  ).toBeInTheDocument();
  expect(screen.getByText('Not verified')).toBeInTheDocument();
  expect(screen.getByLabelText('Client money protection scheme')).toHaveAccessibleDescription(
    AGENCY_MESSAGES.cmpRequiredHint,
  );

  await user.selectOptions(screen.getByLabelText('Redress scheme'), 'The Property Ombudsman');
  await user.type(screen.getByLabelText('Redress membership number'), ' t01234 ');
  await user.selectOptions(screen.getByLabelText('Client money protection scheme'), 'safeagent');
  await user.type(screen.getByLabelText('Client money protection number'), 'sa-42');
  await user.click(screen.getByRole('button', { name: 'Save agency' }));

  expect(await screen.findByText(AGENCY_MESSAGES.saved)).toBeInTheDocument();
  expect(patches).toEqual([
    {
      name: 'Harbour & Vale',
      redressScheme: 'tpo',
      redressMembershipNumber: 'T01234',
      cmpScheme: 'safeagent',
      cmpMembershipNumber: 'SA-42',
    },
  ]);
  expect(await screen.findByText(AGENCY_MESSAGES.standingMeaning.unverified)).toBeInTheDocument();
  expect(
    await screen.findByText('Your details are recorded: an admin will check them soon.'),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Redress membership number')).toHaveValue('T01234');
});

test('a scheme without its number, or a bad number, is shown under its field and nothing is sent', async () => {
  const user = userEvent.setup();
  const patches = serve(AGENCY, owner());
  renderWithRouter(<AgencyCard />, { me: owner() });
  await user.selectOptions(await screen.findByLabelText('Redress scheme'), 'prs');
  await user.type(screen.getByLabelText('Client money protection number'), 'ab');
  await user.clear(screen.getByLabelText('Agency name'));
  await user.click(screen.getByRole('button', { name: 'Save agency' }));

  expect(await screen.findByText(AGENCY_MESSAGES.redressNumberRequired)).toBeInTheDocument();
  expect(screen.getByLabelText('Redress membership number')).toHaveAccessibleDescription(
    AGENCY_MESSAGES.redressNumberRequired,
  );
  expect(screen.getByLabelText('Client money protection number')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText(AGENCY_MESSAGES.numberInvalid)).toBeInTheDocument();
  expect(screen.getByText(AGENCY_MESSAGES.nameRequired)).toBeInTheDocument();
  expect(patches).toEqual([]);
});

test('a verified agency’s owner is warned, and told when new numbers need a new check', async () => {
  const user = userEvent.setup();
  const verified: Agency = {
    ...AGENCY,
    standing: 'verified',
    verifiedAt: '2026-11-20T10:00:00.000Z',
    redressScheme: 'tpo',
    redressMembershipNumber: 'T01234',
    gaps: ['cmp'],
    handlesLettings: false,
  };
  serve(verified, owner('verified'));
  renderWithRouter(<AgencyCard />, { me: owner('verified') });
  expect(await screen.findByText(AGENCY_MESSAGES.reverifyWarning)).toBeInTheDocument();
  expect(screen.getByText('Verified')).toBeInTheDocument();
  expect(screen.getByLabelText('Client money protection scheme')).toHaveAccessibleDescription(
    AGENCY_MESSAGES.cmpOptionalHint,
  );
  await user.clear(screen.getByLabelText('Redress membership number'));
  await user.type(screen.getByLabelText('Redress membership number'), 'T09999');
  await user.click(screen.getByRole('button', { name: 'Save agency' }));
  expect(await screen.findByText(AGENCY_MESSAGES.savedNeedsCheck)).toBeInTheDocument();
  expect(await screen.findByText('Not verified')).toBeInTheDocument();
});

test('a negotiator reads the details but cannot change them', async () => {
  const negotiator = agentMe({}, { agency: { ...agentMe().agency!, role: 'negotiator' } });
  serve({ ...AGENCY, redressScheme: 'prs', redressMembershipNumber: 'PRS001' }, negotiator);
  renderWithRouter(<AgencyCard />, { me: negotiator });
  expect(await screen.findByText(AGENCY_MESSAGES.readOnly)).toBeInTheDocument();
  const form = screen.getByRole('form', { name: 'Agency details' });
  expect(within(form).getByLabelText('Redress scheme')).toBeDisabled();
  expect(within(form).getByLabelText('Redress membership number')).toHaveValue('PRS001');
  expect(within(form).getByLabelText('Agency name')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save agency' })).toBeNull();
});

test('the server’s field errors go under their fields; a failed load offers a retry', async () => {
  const user = userEvent.setup();
  serve(AGENCY, owner(), {
    failPatch: () =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: MESSAGES.validation,
            details: [{ path: 'name', message: AGENCY_MESSAGES.nameTooLong }],
          },
        },
        { status: 400 },
      ),
  });
  const { unmount } = renderWithRouter(<AgencyCard />, { me: owner() });
  await user.type(await screen.findByLabelText('Agency name'), ' Lettings');
  await user.click(screen.getByRole('button', { name: 'Save agency' }));
  expect(await screen.findByText(AGENCY_MESSAGES.nameTooLong)).toBeInTheDocument();
  expect(screen.getByText(AGENCY_MESSAGES.saveFailed, { exact: false })).toBeInTheDocument();
  unmount();

  server.use(
    http.get(AGENCY_PATH, () =>
      HttpResponse.json({ error: { code: 'INTERNAL_ERROR', message: 'x' } }, { status: 500 }),
    ),
  );
  renderWithRouter(<AgencyCard />, { me: owner() });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(AGENCY_MESSAGES.loadFailed);
  await waitFor(() => expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled());
});
