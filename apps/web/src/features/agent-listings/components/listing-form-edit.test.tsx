/**
 * The edit page's listing form with ADR 028's details: the stored values come back into the form, and saving
 * sends them as stored — a weekly rent as the agent quoted it (the server converts it to pcm itself).
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { LISTING_MESSAGES, type AgentListingDetail } from '@abode/shared/agent/listing-input.schema';
import { AgentEditPropertyRoute } from '#src/app/routes/agent/property-edit.tsx';
import { COWPER_ROAD, justStored } from '#src/testing/fixtures/agent-listings.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { answerAgentBranches } from '#src/testing/handlers/agent-branches.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const ID = '00000000-0000-4000-8000-0000000000ac';

/** A stored rental quoted per week, with the REQ-LISTING-12 details filled in. */
const WEEKLY_RENTAL = {
  branchId: AGENT_FIXTURE_IDS.branchId,
  negotiatorId: null,
  id: ID,
  slug: '2-bedroom-flat-to-rent-cowper-road-sw19-0000ab',
  title: '2 bedroom flat to rent',
  description: 'Close to the station.',
  pricePence: Math.round((400_00 * 52) / 12),
  priceQualifier: null,
  rentFrequency: 'pw',
  weeklyRentPence: 400_00,
  mode: 'rent',
  status: 'draft',
  propertyType: 'flat',
  propertySubType: 'ground-flat',
  bedrooms: 2,
  bathrooms: 1,
  receptionRooms: 1,
  parkingSpaces: 0,
  ...COWPER_ROAD,
  tenure: null,
  councilTaxBand: 'C',
  epcRating: 'C',
  epcPotentialRating: 'B',
  floorAreaSqm: 64,
  features: [],
  flags: [],
  keyFeatures: ['Two double bedrooms', 'Moments from the station'],
  summary: 'A bright flat on a quiet road.',
  rooms: [{ name: 'Reception', lengthM: 4.6, widthM: 3.65, description: null }],
  leaseYearsRemaining: null,
  groundRentPence: null,
  groundRentReview: null,
  serviceChargePence: null,
  depositPence: 2_307_00,
  holdingDepositPence: 400_00,
  minimumTermMonths: 12,
  letType: 'long-term',
  availableFrom: '2027-01-04',
  furnished: 'unfurnished',
  billsIncluded: false,
  petsAllowed: true,
  councilTaxIncluded: null,
  videoTourUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  virtualTourUrl: null,
  materialInformation: {
    water: { status: 'answered', value: 'mains', note: null },
    floodRisk: { status: 'ask-agent', value: null, note: null },
  },
  media: [],
  ...justStored('2026-11-26T10:00:00.000Z'),
} satisfies AgentListingDetail;

test('the edit page shows the stored details; saving unchanged sends them back as stored, the rent as quoted', async () => {
  const patched: Record<string, unknown>[] = [];
  const listing = `/api/agent/properties/${ID}`;
  server.use(
    http.get(listing, () => HttpResponse.json(WEEKLY_RENTAL)),
    http.get(`${listing}/photos`, () => HttpResponse.json({ items: [] })),
    http.patch(listing, async ({ request }) => {
      patched.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(WEEKLY_RENTAL);
    }),
  );
  answerAgentBranches();
  const user = userEvent.setup();
  renderRoute(`/agent/properties/${ID}/edit`, {
    routes: [{ path: '/agent/properties/:id/edit', element: <AgentEditPropertyRoute /> }],
    me: agentMe(),
  });
  const rent = await screen.findByLabelText('Rent (£ pw)');
  expect(rent).toHaveValue('400');
  expect(rent).toHaveAccessibleDescription('£1,733 pcm (the weekly rent × 52 ÷ 12)');
  expect(screen.getByRole('radio', { name: 'per week (pw)' })).toBeChecked();
  expect(screen.getByLabelText('Key feature 2')).toHaveValue('Moments from the station');
  const reception = screen.getByRole('group', { name: 'Room 1' });
  expect(within(reception).getByLabelText('Width (m)')).toHaveAccessibleDescription('11′ 11″');
  expect(screen.getByLabelText('Water')).toHaveValue('answered:mains');
  expect(screen.getByLabelText('Deposit (£)')).toHaveValue('2307');
  expect(screen.getByLabelText('Pets allowed')).toHaveValue('yes');
  expect(screen.getByLabelText('EPC (potential)')).toHaveValue('B');
  expect(screen.getByLabelText('Style')).toHaveDisplayValue('Ground floor flat');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText(LISTING_MESSAGES.updated)).toBeInTheDocument();
  expect(patched[0]).toMatchObject({
    propertySubType: 'ground-flat',
    pricePence: 400_00,
    rentFrequency: 'pw',
    keyFeatures: WEEKLY_RENTAL.keyFeatures,
    summary: WEEKLY_RENTAL.summary,
    rooms: [{ name: 'Reception', lengthM: 4.6, widthM: 3.65, description: '' }],
    depositPence: 2_307_00,
    petsAllowed: true,
    councilTaxIncluded: null,
    videoTourUrl: WEEKLY_RENTAL.videoTourUrl,
    materialInformation: WEEKLY_RENTAL.materialInformation,
  });
  expect(patched[0]).not.toHaveProperty('weeklyRentPence');
});
