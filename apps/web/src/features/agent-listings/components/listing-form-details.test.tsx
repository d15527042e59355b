/**
 * The listing form's REQ-LISTING-11 fields: price qualifier and weekly rent, Part A for leases and lets, key features,
 * rooms, Part B/C answers, and server errors at nested paths.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import { LISTING_MESSAGES, type AgentListingDetail } from '@abode/shared/agent/listing-input.schema';
import { MATERIAL_ITEM_KEYS } from '@abode/shared/listings/material-information';
import { AgentNewPropertyRoute } from '#src/app/routes/agent/property-new.tsx';
import { justStored, SW19_1AA } from '#src/testing/fixtures/agent-listings.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { answerAgentBranches } from '#src/testing/handlers/agent-branches.ts';
import { server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';

const ID = '00000000-0000-4000-8000-0000000000ab';

type Body = Record<string, unknown>;

/**
 * Serves the postcode lookup, the member's branches (none) and the create call (or `refuse`'s 400 details); records
 * what was posted.
 */
function serve(refuse?: { path: string; message: string }[]) {
  const posted: Body[] = [];
  server.use(
    http.get('/api/agent/properties/postcodes/:postcode', () => HttpResponse.json(SW19_1AA)),
    http.post('/api/agent/properties', async ({ request }) => {
      const body = (await request.json()) as Body;
      posted.push(body);
      if (refuse)
        return HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Please check your input and try again.',
              details: refuse,
            },
          },
          { status: 400 },
        );
      const listing = {
        ...body,
        // The server's answer always names the branch and negotiator (ADR 029).
        branchId: AGENT_FIXTURE_IDS.branchId,
        negotiatorId: null,
        id: ID,
        slug: 'flat-for-sale-cowper-road-sw19-0000ab',
        outcode: 'SW19',
        latitude: SW19_1AA.latitude,
        longitude: SW19_1AA.longitude,
        pricePence: body.pricePence ?? null,
        weeklyRentPence: null,
        media: [],
        ...justStored('2026-11-26T10:00:00.000Z'),
      } as unknown as AgentListingDetail;
      return HttpResponse.json(listing, { status: 201 });
    }),
  );
  answerAgentBranches();
  return posted;
}

function render() {
  return renderRoute('/agent/properties/new', {
    routes: [
      { path: '/agent/properties/new', element: <AgentNewPropertyRoute /> },
      { path: '/agent/properties/:id/edit', element: <h1>Edit Property</h1> },
    ],
    me: agentMe(),
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** Title, address and postcode (the price is left to each test). */
async function fillAddress(user: User, title = '2 bedroom flat for sale') {
  await user.type(screen.getByLabelText('Title'), title);
  await user.type(screen.getByLabelText('Address line 1'), 'Cowper Road');
  await user.type(screen.getByLabelText('Town'), 'London');
  await user.type(screen.getByLabelText('Postcode'), 'SW19 1AA');
  await user.tab();
}

const create = (user: User) => user.click(screen.getByRole('button', { name: 'Create property' }));
const summary = () => screen.findByTestId('listing-error-summary');

test('POA hides the price and the listing is sent without a figure', async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user);
  const qualifier = screen.getByLabelText('Price qualifier');
  expect(within(qualifier).getAllByRole('option')[0]).toHaveTextContent('None');
  await user.type(screen.getByLabelText('Asking price (£)'), '450000');
  await user.selectOptions(qualifier, 'Price on application (POA)');
  expect(screen.queryByLabelText('Asking price (£)')).not.toBeInTheDocument();
  expect(screen.getByTestId('price-on-application')).toHaveTextContent('no figure is needed');
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted[0]).toMatchObject({ priceQualifier: 'poa', mode: 'sale' });
  expect(posted[0]).not.toHaveProperty('pricePence');
});

test('a weekly rent is labelled pw, shows its pcm equivalent and is sent as quoted', async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user, '1 bedroom flat to rent');
  await user.selectOptions(screen.getByLabelText('Sale or rent'), 'rent');
  // A rent can only be 'From' a figure or on application.
  expect(
    within(screen.getByLabelText('Price qualifier'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['None', 'From', 'Price on application (POA)']);
  expect(screen.getByRole('radio', { name: 'per month (pcm)' })).toBeChecked();
  await user.click(screen.getByRole('radio', { name: 'per week (pw)' }));
  const rent = screen.getByLabelText('Rent (£ pw)');
  await user.type(rent, '250');
  expect(rent).toHaveAccessibleDescription('£1,083 pcm (the weekly rent × 52 ÷ 12)');
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  // The server converts the weekly figure itself: the form sends it as quoted.
  expect(posted[0]).toMatchObject({ mode: 'rent', rentFrequency: 'pw', pricePence: 250_00 });
});

test('a leasehold sale set Active without its lease terms shows each Part A message, with a summary linking to them', async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Asking price (£)'), '325,000');
  await user.selectOptions(screen.getByLabelText('Status'), 'active');
  expect(screen.queryByLabelText('Lease years remaining')).not.toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Tenure'), 'leasehold');
  await user.selectOptions(screen.getByLabelText('Council tax band'), 'D');
  await create(user);
  const years = screen.getByLabelText('Lease years remaining');
  await waitFor(() => expect(years).toHaveAccessibleDescription(LISTING_MESSAGES.leaseYearsRequired));
  expect(screen.getByLabelText('Ground rent (£ a year)')).toHaveAccessibleDescription(
    expect.stringContaining(LISTING_MESSAGES.groundRentRequired),
  );
  expect(screen.getByLabelText('Service charge (£ a year)')).toHaveAccessibleDescription(
    expect.stringContaining(LISTING_MESSAGES.serviceChargeRequired),
  );
  await waitFor(() => expect(years).toHaveFocus());
  const links = within(await summary()).getAllByRole('link');
  expect(links.map((l) => l.textContent)).toEqual(['Lease years remaining', 'Ground rent', 'Service charge']);
  await user.click(links[2]!);
  expect(screen.getByLabelText('Service charge (£ a year)')).toHaveFocus();
  expect(posted).toEqual([]);

  // A ground rent needs its review; £0 is an answer ('none'). As a draft none of it is needed.
  await user.type(years, '125');
  await user.type(screen.getByLabelText('Ground rent (£ a year)'), '250');
  await user.type(screen.getByLabelText('Service charge (£ a year)'), '0');
  await create(user);
  expect(await screen.findAllByText(LISTING_MESSAGES.groundRentReviewRequired)).not.toHaveLength(0);
  await user.type(screen.getByLabelText('Ground rent review'), 'Doubles every 25 years');
  await user.selectOptions(screen.getByLabelText('Status'), 'draft');
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted[0]).toMatchObject({
    tenure: 'leasehold',
    leaseYearsRemaining: 125,
    groundRentPence: 250_00,
    groundRentReview: 'Doubles every 25 years',
    serviceChargePence: 0,
  });
});

test('a rental set Active without a deposit says so under Deposit; a £0 holding deposit is an answer', async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user, '1 bedroom flat to rent');
  await user.selectOptions(screen.getByLabelText('Sale or rent'), 'rent');
  await user.type(screen.getByLabelText('Rent (£ pcm)'), '1,450');
  await user.selectOptions(screen.getByLabelText('Status'), 'active');
  await user.selectOptions(screen.getByLabelText('Council tax band'), 'C');
  await user.type(screen.getByLabelText('Holding deposit (£)'), '0');
  await user.type(screen.getByLabelText('Minimum term (months)'), '12');
  // Lettings terms are there for a rental; lease terms are not.
  await user.selectOptions(screen.getByLabelText('Pets allowed'), 'yes');
  expect(screen.queryByLabelText('Service charge (£ a year)')).not.toBeInTheDocument();
  await create(user);
  const deposit = screen.getByLabelText('Deposit (£)');
  await waitFor(() =>
    expect(deposit).toHaveAccessibleDescription(expect.stringContaining(LISTING_MESSAGES.depositRequired)),
  );
  expect(within(await summary()).getAllByRole('link')).toHaveLength(1);
  expect(screen.queryByText(LISTING_MESSAGES.holdingDepositRequired)).not.toBeInTheDocument();
  await user.type(deposit, '1,673');
  await user.selectOptions(screen.getByLabelText('Status'), 'draft');
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted[0]).toMatchObject({
    depositPence: 1_673_00,
    holdingDepositPence: 0,
    minimumTermMonths: 12,
    petsAllowed: true,
    billsIncluded: null,
  });
});

test('rooms: added, measured in metres with feet and inches beside, moved and removed; blank rows are not sent', async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Asking price (£)'), '325000');
  const add = screen.getByRole('button', { name: 'Add room' });
  await user.click(add);
  await user.click(add);
  await user.click(add);
  const room = (n: number) => screen.getByRole('group', { name: `Room ${n}` });
  expect(within(room(3)).getByLabelText('Name')).toHaveFocus();
  await user.type(within(room(1)).getByLabelText('Name'), 'Kitchen');
  await user.type(within(room(1)).getByLabelText('Length (m)'), '3.65');
  await user.type(within(room(1)).getByLabelText('Width (m)'), '2.4');
  expect(within(room(1)).getByLabelText('Length (m)')).toHaveAccessibleDescription('11′ 11″');
  expect(within(room(1)).getByLabelText('Width (m)')).toHaveAccessibleDescription('7′ 10″');
  await user.type(within(room(2)).getByLabelText('Name'), 'Living room');
  await user.type(within(room(2)).getByLabelText('Length (m)'), '5.2');
  await user.type(within(room(2)).getByLabelText('Description'), 'Bay window');
  await user.click(screen.getByRole('button', { name: 'Move room 2 up' }));
  expect(within(room(1)).getByLabelText('Name')).toHaveValue('Living room');
  expect(within(room(2)).getByLabelText('Length (m)')).toHaveAccessibleDescription('11′ 11″');
  // Room 3 stays blank and is dropped; a fourth, added and removed, never counts.
  await user.click(add);
  await user.type(within(room(4)).getByLabelText('Name'), 'Box room');
  await user.click(screen.getByRole('button', { name: 'Remove room 4' }));
  expect(screen.queryByRole('group', { name: 'Room 4' })).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Reception rooms'), '{Backspace}1');
  await user.type(screen.getByLabelText('Floor area (m²)'), '64');
  expect(screen.getByLabelText('Floor area (m²)')).toHaveAccessibleDescription('689 ft²');
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted[0]).toMatchObject({
    receptionRooms: 1,
    floorAreaSqm: 64,
    rooms: [
      { name: 'Living room', lengthM: 5.2, widthM: null, description: 'Bay window' },
      { name: 'Kitchen', lengthM: 3.65, widthM: 2.4, description: '' },
    ],
  });
});

test('key features: up to 10 one-line bullets; blank ones are not sent', async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Asking price (£)'), '325000');
  const add = screen.getByRole('button', { name: 'Add key feature' });
  for (let i = 0; i < 10; i++) await user.click(add);
  expect(add).toBeDisabled();
  expect(screen.getByText(/10 of 10 added/)).toBeInTheDocument();
  await user.type(screen.getByLabelText('Key feature 1'), 'South-facing garden');
  await user.type(screen.getByLabelText('Key feature 4'), 'Chain free');
  await user.click(screen.getByRole('button', { name: 'Remove key feature 2' }));
  expect(add).toBeEnabled();
  expect(screen.getByLabelText('Key feature 3')).toHaveValue('Chain free');
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted[0]).toMatchObject({ keyFeatures: ['South-facing garden', 'Chain free'] });
});

test('Part B and C answers are sent as {status, value, note}, each with its note', async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Asking price (£)'), '325000');
  const partB = screen.getByTestId('material-part-B');
  const water = screen.getByLabelText('Water');
  expect(water).not.toBeVisible();
  await user.click(within(partB).getByText(/Part B:/, { selector: 'summary span' }));
  expect(water).toBeVisible();
  expect(
    within(water)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Not answered', 'Mains', 'Private supply (well or borehole)', 'Ask agent', 'Not applicable']);
  // An answer opens its note; others take one on demand.
  await user.selectOptions(water, 'Mains');
  await user.type(screen.getByLabelText('Note on Water (optional)'), 'Metered');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Parking' }), 'Ask agent');
  expect(screen.queryByLabelText('Note on Parking (optional)')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add a note on Parking' }));
  await user.type(screen.getByLabelText('Note on Parking (optional)'), 'Permit zone');
  expect(within(partB).getByText('2 of 8 answered')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Coastal erosion risk'), 'Not applicable');
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted[0]!.materialInformation).toEqual({
    water: { status: 'answered', value: 'mains', note: 'Metered' },
    parking: { status: 'ask-agent', value: null, note: 'Permit zone' },
    coastalErosion: { status: 'not-applicable', value: null, note: null },
  });
});

test("'Mark all unanswered as Ask agent' answers every other Part B and C question", async () => {
  const posted = serve();
  const user = userEvent.setup();
  render();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Asking price (£)'), '325000');
  await user.selectOptions(screen.getByLabelText('Flood risk'), 'Very low');
  await user.click(screen.getByRole('button', { name: 'Mark all unanswered as Ask agent' }));
  expect(screen.getByLabelText('Broadband')).toHaveValue('ask-agent');
  expect(within(screen.getByTestId('material-part-C')).getByText('9 of 9 answered')).toBeInTheDocument();
  await create(user);
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  const answers = posted[0]!.materialInformation as Record<string, { status: string; value: string | null }>;
  expect(Object.keys(answers).sort()).toEqual([...MATERIAL_ITEM_KEYS].sort());
  expect(answers.floodRisk).toMatchObject({ status: 'answered', value: 'very-low' });
  expect(answers.broadband).toMatchObject({ status: 'ask-agent', value: null });
});

test('server errors at nested paths land on their fields (past blank rows), opening a folded group', async () => {
  serve([
    { path: 'rooms.0.name', message: LISTING_MESSAGES.invalidContent },
    { path: 'keyFeatures.1', message: LISTING_MESSAGES.keyFeatureTooLong },
    { path: 'materialInformation.floodRisk.value', message: LISTING_MESSAGES.materialAnswerRequired },
  ]);
  const user = userEvent.setup();
  render();
  await fillAddress(user);
  await user.type(screen.getByLabelText('Asking price (£)'), '325000');
  // A blank room and key feature first: the server numbers only the rows it was sent.
  await user.click(screen.getByRole('button', { name: 'Add room' }));
  await user.click(screen.getByRole('button', { name: 'Add room' }));
  await user.type(within(screen.getByRole('group', { name: 'Room 2' })).getByLabelText('Name'), 'Study');
  const addFeature = screen.getByRole('button', { name: 'Add key feature' });
  for (let i = 0; i < 3; i++) await user.click(addFeature);
  await user.type(screen.getByLabelText('Key feature 2'), 'Garage');
  await user.type(screen.getByLabelText('Key feature 3'), 'Cellar');
  const flood = screen.getByLabelText('Flood risk');
  expect(flood).not.toBeVisible();
  await create(user);

  const study = within(screen.getByRole('group', { name: 'Room 2' })).getByLabelText('Name');
  await waitFor(() => expect(study).toHaveAccessibleDescription(LISTING_MESSAGES.invalidContent));
  expect(study).toHaveAttribute('aria-invalid', 'true');
  expect(within(screen.getByRole('group', { name: 'Room 1' })).getByLabelText('Name')).not.toHaveAttribute(
    'aria-invalid',
  );
  expect(screen.getByLabelText('Key feature 3')).toHaveAccessibleDescription(
    LISTING_MESSAGES.keyFeatureTooLong,
  );
  expect(flood).toHaveAccessibleDescription(expect.stringContaining(LISTING_MESSAGES.materialAnswerRequired));
  expect(flood).toBeVisible();
  // Focus goes to the first in the form's order, as the summary lists them; its links lead to each.
  await waitFor(() => expect(screen.getByLabelText('Key feature 3')).toHaveFocus());
  const links = within(await summary()).getAllByRole('link');
  expect(links.map((l) => l.textContent)).toEqual(['Key feature 3', 'Room 2 name', 'Flood risk']);
  await user.click(links[2]!);
  expect(flood).toHaveFocus();
});
