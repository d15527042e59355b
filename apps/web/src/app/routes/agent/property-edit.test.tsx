import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  approximateLocationText,
  LISTING_MESSAGES,
  type AgentListingDetail,
} from '@abode/shared/agent/listing-input.schema';
import { AgentEditPropertyRoute } from '#src/app/routes/agent/property-edit.tsx';
import { justStored } from '#src/testing/fixtures/agent-listings.ts';
import { NO_LISTING_FACTS } from '#src/testing/fixtures/listings.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const ME = agentMe();

const ID = '00000000-0000-4000-8000-0000000000bb';
const RENTAL: AgentListingDetail = {
  id: ID,
  branchId: AGENT_FIXTURE_IDS.branchId,
  negotiatorId: null,
  slug: '2-bedroom-flat-to-rent-old-lane-m11-9f8e7d',
  title: '2 bedroom flat to rent',
  description: 'Close to the tram.',
  pricePence: 1_950_00,
  mode: 'rent',
  status: 'active',
  propertyType: 'flat',
  propertySubType: null,
  bedrooms: 2,
  bathrooms: 1,
  parkingSpaces: 0,
  addressLine1: 'Old Lane',
  city: 'Manchester',
  postcode: 'M11 1DE',
  outcode: 'M11',
  latitude: 53.47417,
  longitude: -2.16811,
  tenure: null,
  councilTaxBand: 'B',
  epcRating: 'C',
  floorAreaSqm: 64,
  features: ['parking'],
  availableFrom: '2027-01-04',
  furnished: 'unfurnished',
  ...justStored('2026-11-23T10:00:00.000Z'),
  ...NO_LISTING_FACTS,
  // REQ-LISTING-10: an active rental carries Part A's lettings terms.
  rentFrequency: 'pcm',
  receptionRooms: 1,
  depositPence: 2_250_00,
  holdingDepositPence: 450_00,
  minimumTermMonths: 12,
  letType: 'long-term',
  billsIncluded: false,
  councilTaxIncluded: false,
};

const LISTING = '/api/agent/properties/:id';

/** A main photo, so an active listing may be saved (LISTING_MESSAGES.photoRequired otherwise). */
const PHOTO = {
  id: '00000000-0000-4000-8000-0000000000cc',
  url: '/media/demo/a.svg',
  altText: null,
  orderIndex: 0,
  isMain: true,
  width: 800,
  height: 600,
  variants: [],
};

/**
 * The listing the API answers for `GET` (and, after a `PATCH`, with the edit applied), with `photos` (none unless
 * told otherwise); every `PATCH` body goes into `patched`.
 */
function answerListing(
  listing: AgentListingDetail,
  patched: Record<string, unknown>[] = [],
  photos: unknown[] = [],
) {
  server.use(
    http.get(LISTING, () => HttpResponse.json(listing)),
    http.get(`${LISTING}/photos`, () => HttpResponse.json({ items: photos })),
    http.patch(LISTING, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patched.push(body);
      return HttpResponse.json({ ...listing, ...body });
    }),
  );
}

// The place fields ask for the member's branches: none listed keeps the listing's own.
beforeEach(() => {
  server.use(http.get('/api/agent/branches', () => HttpResponse.json({ items: [] })));
});

const render = (id = ID) =>
  renderRoute(`/agent/properties/${id}/edit`, {
    routes: [{ path: '/agent/properties/:id/edit', element: <AgentEditPropertyRoute /> }],
    me: ME,
  });

test('shows the approval state and the stored values; saving sends the edited rent in pence', async () => {
  const patched: Record<string, unknown>[] = [];
  answerListing(RENTAL, patched, [PHOTO]);
  const user = userEvent.setup();
  render();
  expect(
    await screen.findByText('Pending approval: it will appear on Abode once an admin approves it.'),
  ).toBeInTheDocument();
  const rent = screen.getByLabelText('Rent (£ pcm)');
  expect(rent).toHaveValue('1950');
  expect(screen.getByLabelText('Available from')).toHaveValue('2027-01-04');
  expect(screen.getByLabelText('Council tax band')).toHaveValue('B');
  await user.clear(rent);
  await user.type(rent, '1,875');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText(LISTING_MESSAGES.updated)).toBeInTheDocument();
  expect(patched[0]).toMatchObject({ pricePence: 1_875_00, mode: 'rent', furnished: 'unfurnished' });
});

test("another agent's or a deleted listing shows Property not found", async () => {
  server.use(
    http.get(LISTING, () =>
      HttpResponse.json(
        { error: { code: 'NOT_FOUND', message: LISTING_MESSAGES.notFound } },
        { status: 404 },
      ),
    ),
  );
  render('not-mine');
  expect(
    await screen.findByRole('heading', { level: 1, name: LISTING_MESSAGES.notFound }),
  ).toBeInTheDocument();
});

// REQ-LISTING-02: the agent was not told why a listing was rejected, nor that its pin is approximate, and a hidden
// listing was called 'Live'.
test('a rejected listing shows the admin’s reason, the status approval restores, and an approximate pin', async () => {
  const rejected: AgentListingDetail = {
    ...RENTAL,
    status: 'draft',
    approvalStatus: 'rejected',
    rejectionReason: 'The floor plan is missing',
    statusBeforeRejection: 'active',
    addressLine1: 'Regent Court',
    city: 'Leeds',
    postcode: 'LS1 1UR',
    outcode: 'LS1',
    latitude: 53.79739,
    longitude: -1.55286,
    locationApproximate: true,
  };
  answerListing(rejected);
  render();
  const reason = await screen.findByTestId('rejection-reason');
  expect(reason).toHaveTextContent('Reason given by the admin');
  expect(reason).toHaveTextContent('The floor plan is missing');
  expect(reason).toHaveTextContent('Once approved, it goes back to Active.');
  expect(screen.getByText('Rejected', { selector: '[data-slot="badge"], span' })).toBeInTheDocument();
  expect(screen.getByTestId('location-approximate')).toHaveTextContent(approximateLocationText('LS1'));
  expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', `/property/${RENTAL.slug}`);
  expect(screen.queryByText(/Live/)).not.toBeInTheDocument();
});

test('an approved draft is "Not published", never "Live"; publishing it without a photo is refused before sending', async () => {
  const patched: Record<string, unknown>[] = [];
  const draft: AgentListingDetail = { ...RENTAL, status: 'draft', approvalStatus: 'approved' };
  answerListing(draft, patched);
  const user = userEvent.setup();
  render();
  expect(
    await screen.findByText(
      'Approved, but a draft is not shown on Abode: set the status to Active to publish it.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByText('Not published')).toBeInTheDocument();
  expect(screen.queryByText(/\bLive\b/)).not.toBeInTheDocument();
  await screen.findByText('No photos yet');
  await user.selectOptions(screen.getByLabelText('Status'), 'active');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText(LISTING_MESSAGES.photoRequired)).toBeInTheDocument();
  expect(patched).toEqual([]);
});
