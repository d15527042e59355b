import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  approximateLocationText,
  LISTING_MESSAGES,
  type AgentListingDetail,
} from '@abode/shared/agent/listing-input.schema';
import { AgentNewPropertyRoute } from '#src/app/routes/agent/property-new.tsx';
import { EMPTY_LISTING, ListingForm } from '#src/features/agent-listings/components/listing-form.tsx';
import { justStored, SW19_1AA } from '#src/testing/fixtures/agent-listings.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { answerAgentBranches } from '#src/testing/handlers/agent-branches.ts';
import { server } from '#src/testing/server.ts';
import { currentUrl, renderRoute } from '#src/testing/test-utils.tsx';

const ME = agentMe();

const ID = '00000000-0000-4000-8000-0000000000aa';

function created(body: Record<string, unknown>): AgentListingDetail {
  return {
    ...(body as Omit<AgentListingDetail, 'id'>),
    // The server's answer always names the branch and negotiator (ADR 029).
    branchId: AGENT_FIXTURE_IDS.branchId,
    negotiatorId: null,
    id: ID,
    slug: '3-bedroom-house-for-sale-cowper-road-sw19-1a2b3c',
    outcode: SW19_1AA.outcode,
    latitude: SW19_1AA.latitude,
    longitude: SW19_1AA.longitude,
    ...justStored('2026-11-23T10:00:00.000Z'),
    weeklyRentPence: null,
    media: [],
  } as AgentListingDetail;
}

/** The lookup's answers: SW19 1AA from the postcode table, LS1 1UR at its outcode's centroid (OS Code-Point Open). */
const LOCATIONS: Record<
  string,
  { postcode: string; outcode: string; latitude: number; longitude: number; approximate: boolean }
> = {
  'SW19 1AA': SW19_1AA,
  'LS1 1UR': {
    postcode: 'LS1 1UR',
    outcode: 'LS1',
    latitude: 53.79739,
    longitude: -1.55286,
    approximate: true,
  },
};

const POSTCODE = '/api/agent/properties/postcodes/:postcode';

/**
 * Serves the postcode lookup (LOCATIONS, others unknown), the member's branches (none) and the create call; records
 * the POST body.
 */
function serve() {
  const posted: Record<string, unknown>[] = [];
  server.use(
    http.get(POSTCODE, ({ params }) => {
      const location = LOCATIONS[decodeURIComponent(String(params.postcode))];
      return location
        ? HttpResponse.json(location)
        : HttpResponse.json(
            { error: { code: 'NOT_FOUND', message: LISTING_MESSAGES.postcodeUnknown } },
            { status: 404 },
          );
    }),
    http.post('/api/agent/properties', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return HttpResponse.json(created(body), { status: 201 });
    }),
  );
  answerAgentBranches();
  return { posted };
}

function render() {
  return renderRoute('/agent/properties/new', {
    routes: [
      { path: '/agent/properties/new', element: <AgentNewPropertyRoute /> },
      { path: '/agent/properties/:id/edit', element: <h1>Edit Property</h1> },
    ],
    me: ME,
  });
}

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), '3 bedroom house for sale');
  await user.type(screen.getByLabelText('Asking price (£)'), '650,000');
  await user.type(screen.getByLabelText('Address line 1'), 'Cowper Road');
  await user.type(screen.getByLabelText('Town'), 'London');
  await user.type(screen.getByLabelText('Postcode'), 'sw19 1aa');
  await user.tab();
}

test('the postcode is located on blur; an unknown one shows the error under the field', async () => {
  serve();
  const user = userEvent.setup();
  render();
  await user.type(screen.getByLabelText('Postcode'), 'SW19 1AA');
  await user.tab();
  expect(await screen.findByText('Located: 51.42164, -0.18615')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Postcode'));
  await user.type(screen.getByLabelText('Postcode'), 'W15 1AA');
  await user.tab();
  expect(await screen.findByText(LISTING_MESSAGES.postcodeUnknown)).toBeInTheDocument();
  expect(screen.getByLabelText('Postcode')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(LISTING_MESSAGES.postcodeUnknown);
});

// REQ-AGENT: a real postcode missing from our data is accepted, and the agent is told the pin is approximate.
test('a postcode our data lacks is placed at its district centre, and the form says the pin is approximate', async () => {
  serve();
  const user = userEvent.setup();
  render();
  await user.type(screen.getByLabelText('Postcode'), 'ls1 1ur');
  await user.tab();
  expect(await screen.findByText(approximateLocationText('LS1'))).toBeInTheDocument();
  expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(approximateLocationText('LS1'));
  expect(screen.getByLabelText('Postcode')).not.toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText(/^Located: /)).not.toBeInTheDocument();
});

// REQ-LISTING-06: a listing without a photo could go live.
test("'Active' on a new listing (no photos yet) says 'Add at least one photo before publishing' and sends nothing", async () => {
  const { posted } = serve();
  const user = userEvent.setup();
  render();
  await fillBasics(user);
  await user.selectOptions(screen.getByLabelText('Status'), 'active');
  await user.selectOptions(screen.getByLabelText('Tenure'), 'freehold');
  await user.selectOptions(screen.getByLabelText('Council tax band'), 'E');
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  const status = screen.getByLabelText('Status');
  await waitFor(() =>
    expect(status).toHaveAccessibleDescription(expect.stringContaining(LISTING_MESSAGES.photoRequired)),
  );
  expect(status).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(status).toHaveFocus());
  expect(posted).toEqual([]);
  // As a draft it is created, and photos come next.
  await user.selectOptions(status, 'draft');
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted).toHaveLength(1);
});

test('going live without a council tax band shows the material-information error and sends nothing', async () => {
  const { posted } = serve();
  const user = userEvent.setup();
  render();
  await fillBasics(user);
  await user.selectOptions(screen.getByLabelText('Status'), 'active');
  await user.selectOptions(screen.getByLabelText('Tenure'), 'freehold');
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  expect(await screen.findByText(LISTING_MESSAGES.councilTaxBandRequired)).toBeInTheDocument();
  const band = screen.getByLabelText('Council tax band');
  expect(band).toHaveAccessibleDescription(LISTING_MESSAGES.councilTaxBandRequired);
  await waitFor(() => expect(band).toHaveFocus());
  expect(posted).toEqual([]);
});

test('the Lettings section and the pcm price only show for rentals; the status choices follow the mode', async () => {
  serve();
  const user = userEvent.setup();
  render();
  expect(screen.queryByRole('heading', { name: 'Lettings terms' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Available from')).not.toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Sold STC' })).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Sale or rent'), 'rent');
  expect(screen.getByRole('heading', { name: 'Lettings terms' })).toBeInTheDocument();
  expect(screen.getByLabelText('Available from')).toBeInTheDocument();
  expect(screen.getByLabelText('Furnishing')).toBeInTheDocument();
  expect(screen.getByLabelText('Rent (£ pcm)')).toBeInTheDocument();
  expect(screen.getByText('pcm')).toBeInTheDocument();
  expect(screen.queryByRole('option', { name: 'Sold STC' })).not.toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Let agreed' })).toBeInTheDocument();
});

test('creating sends the price in pence, then toasts and opens the edit page', async () => {
  const { posted } = serve();
  const user = userEvent.setup();
  const { router } = render();
  await fillBasics(user);
  await user.click(screen.getByRole('checkbox', { name: 'Garden' }));
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({
    title: '3 bedroom house for sale',
    pricePence: 65_000_000,
    mode: 'sale',
    status: 'draft',
    postcode: 'SW19 1AA',
    features: ['garden'],
    tenure: null,
    availableFrom: null,
  });
  await waitFor(() => expect(currentUrl(router)).toBe(`/agent/properties/${ID}/edit`));
});

test('flags: all three for a sale, only Retirement home for a rental; switching to rent drops the sale-only ones', async () => {
  const { posted } = serve();
  const user = userEvent.setup();
  render();
  const saleType = screen.getByRole('group', { name: 'Sale type' });
  for (const name of ['Retirement home', 'Shared ownership', 'Auction'])
    expect(within(saleType).getByRole('checkbox', { name })).not.toBeChecked();
  await user.click(within(saleType).getByRole('checkbox', { name: 'Auction' }));
  await user.click(within(saleType).getByRole('checkbox', { name: 'Retirement home' }));

  await user.selectOptions(screen.getByLabelText('Sale or rent'), 'rent');
  const lettingType = screen.getByRole('group', { name: 'Letting type' });
  expect(
    within(lettingType)
      .getAllByRole('checkbox')
      .map((c) => c.getAttribute('value')),
  ).toEqual(['retirement']);
  expect(within(lettingType).getByRole('checkbox', { name: 'Retirement home' })).toBeChecked();

  await user.selectOptions(screen.getByLabelText('Sale or rent'), 'sale');
  expect(screen.getByRole('checkbox', { name: 'Auction' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Auction' }));
  await fillBasics(user);
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  expect(await screen.findByText(LISTING_MESSAGES.created)).toBeInTheDocument();
  expect(posted[0]).toMatchObject({ mode: 'sale', flags: ['retirement', 'auction'] });
});

test('a sale-only flag the server refuses on a rental shows under the fieldset, where it can be unticked', async () => {
  serve();
  const user = userEvent.setup();
  renderRoute('/agent/properties/new', {
    routes: [
      {
        path: '/agent/properties/new',
        element: (
          <ListingForm
            defaultValues={{
              ...EMPTY_LISTING,
              title: '1 bedroom flat to rent',
              mode: 'rent',
              pricePence: 1_250_00,
              addressLine1: 'Cowper Road',
              city: 'London',
              postcode: 'SW19 1AA',
              flags: ['auction'],
            }}
            submitLabel="Save"
            onSubmit={async () => {}}
          />
        ),
      },
    ],
    me: ME,
  });
  await user.click(screen.getByRole('button', { name: 'Save' }));
  const group = screen.getByRole('group', { name: 'Letting type' });
  expect(await within(group).findByText(LISTING_MESSAGES.saleFlagForRent)).toBeInTheDocument();
  expect(group).toHaveAccessibleDescription(expect.stringContaining(LISTING_MESSAGES.saleFlagForRent));
  await user.click(within(group).getByRole('checkbox', { name: 'Auction' }));
  await waitFor(() => expect(within(group).queryByText(LISTING_MESSAGES.saleFlagForRent)).toBeNull());
});

test('a field problem only the server sees (an unknown postcode) is shown under that field', async () => {
  server.use(
    http.get(POSTCODE, () => HttpResponse.json(LOCATIONS['SW19 1AA']!)),
    http.post('/api/agent/properties', () =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Please check your input and try again.',
            details: [{ path: 'postcode', message: LISTING_MESSAGES.postcodeUnknown }],
          },
        },
        { status: 400 },
      ),
    ),
  );
  answerAgentBranches();
  const user = userEvent.setup();
  render();
  await fillBasics(user);
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  const postcode = screen.getByLabelText('Postcode');
  await waitFor(() =>
    expect(postcode).toHaveAccessibleDescription(expect.stringContaining(LISTING_MESSAGES.postcodeUnknown)),
  );
  expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(postcode).toHaveFocus());
});

test("counts are plain digits (REQ-SEARCH-07): '2e0' bedrooms is refused, '2' is sent as 2", async () => {
  const { posted } = serve();
  const user = userEvent.setup();
  render();
  await fillBasics(user);
  const bedrooms = screen.getByLabelText('Bedrooms');
  await user.clear(bedrooms);
  await user.type(bedrooms, '2e0');
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  expect(await screen.findByText(LISTING_MESSAGES.countInvalid)).toBeInTheDocument();
  expect(posted).toHaveLength(0);
  await user.clear(bedrooms);
  await user.type(bedrooms, '2');
  await user.click(screen.getByRole('button', { name: 'Create property' }));
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toMatchObject({ bedrooms: 2 });
});
