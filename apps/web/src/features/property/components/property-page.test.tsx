import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import type { SoldPricesResult } from '@abode/shared/property/sold-prices.schema';
import { AuthProvider } from '#src/lib/auth.tsx';
import { sessionKeys } from '#src/lib/query-keys.ts';
import { makeListing, makeListingDetail } from '#src/testing/fixtures/listings.ts';
import { server } from '#src/testing/server.ts';
import { createTestQueryClient, renderRoute } from '#src/testing/test-utils.tsx';
import { PropertyPage } from './property-page.tsx';

function makeDetail(overrides: Partial<ListingDetail> = {}): ListingDetail {
  return makeListingDetail({
    ...makeListing({
      slug: 'three-bed-house-cowper-road',
      title: '3 bedroom semi-detached house for sale',
      addressLine1: 'Cowper Road',
      city: 'London',
      postcode: 'SW19 1AA',
      // No map in these tests: Leaflet needs a real layout engine.
      latitude: null,
      longitude: null,
    }),
    agent: {
      name: 'Alex Morgan',
      agencyName: 'Harbour & Vale',
      branchName: 'Wimbledon',
      logoUrl: '/media/uploads/agents/harbour-and-vale.webp',
      phone: '020 7946 0001',
      email: 'wimbledon@example.com',
    },
    outcode: 'SW19',
    description: 'A bright semi-detached house.',
    tenure: 'freehold',
    councilTaxBand: 'E',
    epcRating: 'C',
    floorAreaSqm: 85,
    availableFrom: null,
    furnished: null,
    publishedAt: '2026-10-01T09:00:00.000Z',
    ...overrides,
  });
}

function soldPage(page: number, total = 25): SoldPricesResult {
  const count = Math.min(20, total - (page - 1) * 20);
  return {
    outcode: 'SW19',
    items: Array.from({ length: count }, (_, i) => ({
      soldOn: `2019-0${(i % 9) + 1}-1${page}`,
      pricePence: (500_000 + i + (page - 1) * 20) * 100,
      propertyType: 'F' as const,
      propertyTypeLabel: 'Flat/maisonette',
      tenure: 'Leasehold' as const,
      newBuild: false,
      street: 'Cowper Road',
      town: 'London',
      postcode: 'SW19 1AA',
    })),
    total,
    page,
    pageSize: 20,
    median12MonthsPence: 480_000_00,
    medianCount: 12,
    latestSoldOn: '2019-12-06',
  };
}

/**
 * The API of the listing page: `detail` (a 404 when null), sold prices by page, and the visit count. Returns the
 * paths of the visits the page recorded (`POST …/views`), in order.
 */
function serve(detail: ListingDetail | null): string[] {
  const views: string[] = [];
  server.use(
    http.get('/api/properties/:slug', () =>
      detail
        ? HttpResponse.json(detail)
        : HttpResponse.json(
            { error: { code: 'NOT_FOUND', message: 'This property is no longer available.' } },
            { status: 404 },
          ),
    ),
    http.get('/api/properties/:slug/sold-prices', ({ request }) =>
      HttpResponse.json(soldPage(Number(new URL(request.url).searchParams.get('page') ?? 1))),
    ),
    http.post('/api/properties/:slug/views', ({ request }) => {
      views.push(new URL(request.url).pathname);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return views;
}

describe('the property page', () => {
  test('shows price, title, address, key facts, agent links, sold prices and the calculators', async () => {
    serve(makeDetail());
    renderRoute('/property/three-bed-house-cowper-road');
    expect(
      await screen.findByRole('heading', { level: 1, name: '3 bedroom semi-detached house for sale' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('3 bedroom semi-detached house for sale — Abode');
    expect(screen.getByTestId('property-price')).toHaveTextContent('£325,000');
    expect(screen.getByTestId('property-address')).toHaveTextContent('Cowper Road, London, SW19 1AA');
    expect(screen.getByRole('img', { name: 'Harbour & Vale logo' })).toHaveAttribute(
      'src',
      '/media/uploads/agents/harbour-and-vale.webp',
    );

    const facts = within(screen.getByRole('region', { name: 'Key facts' }));
    expect(facts.getByText('Freehold')).toBeInTheDocument();
    expect(facts.getByText('Band E')).toBeInTheDocument();
    expect(facts.getByText('85 m² (915 sq ft)')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Call 020 7946 0001' })).toHaveAttribute(
      'href',
      'tel:02079460001',
    );
    expect(screen.getByRole('link', { name: 'E-mail wimbledon@example.com' })).toHaveAttribute(
      'href',
      'mailto:wimbledon@example.com',
    );
    expect(screen.getByText('Wimbledon branch')).toBeInTheDocument();
    // The listing's own heart sits in its named actions group (jsdom applies no media queries: both copies render).
    const actionGroups = screen.getAllByRole('group', { name: 'Listing actions' });
    expect(actionGroups).toHaveLength(2);
    for (const group of actionGroups) {
      expect(within(group).getByRole('button', { name: 'Save to favourites' })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Contact Agent' })).toBeInTheDocument();

    // Sold prices (below the first screen, rendered just after it): 20 first, 'Show more' loads the rest.
    const sold = within(await screen.findByRole('region', { name: 'Sold prices nearby' }));
    expect(await sold.findByText('Showing 20 of 25.', { exact: false })).toBeInTheDocument();
    await userEvent.click(sold.getByRole('button', { name: 'Show more' }));
    expect(await sold.findByText('Showing 25 of 25.', { exact: false })).toBeInTheDocument();
    expect(sold.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Stamp Duty calculator' })).toBeInTheDocument();
    expect(await screen.findByTestId('sdlt-total')).toHaveTextContent('£6,250');
    expect(screen.getByRole('heading', { name: 'Mortgage calculator' })).toBeInTheDocument();
  });

  test('a rental shows the monthly and weekly rent and no buying calculators', async () => {
    serve(
      makeDetail({
        mode: 'rent',
        pricePence: 1_300_00,
        availableFrom: '2099-01-01',
        furnished: 'part_furnished',
      }),
    );
    renderRoute('/property/three-bed-house-cowper-road');
    expect(await screen.findByTestId('property-price')).toHaveTextContent('£1,300/month');
    expect(screen.getByTestId('property-price-equivalent')).toHaveTextContent('£300/week (pcm × 12 ÷ 52)');
    expect(screen.getByText('Part furnished')).toBeInTheDocument();
    expect(screen.getByText('1 January 2099')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stamp Duty calculator' })).not.toBeInTheDocument();
  });

  test('a reduced price is marked and a preview says so', async () => {
    serve(
      makeDetail({ priceReducedAt: '2026-11-01T00:00:00.000Z', preview: true, approvalStatus: 'pending' }),
    );
    renderRoute('/property/three-bed-house-cowper-road');
    expect(await screen.findByText('Reduced')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Preview. This listing is not public (approval pending)',
    );
  });

  test('an auction or shared-ownership listing says so beside the price (REQ-SEARCH-10)', async () => {
    serve(makeDetail({ flags: ['shared-ownership', 'auction'] }));
    renderRoute('/property/three-bed-house-cowper-road');
    expect(await screen.findByText('Shared ownership')).toBeInTheDocument();
    expect(screen.getByText('Auction')).toBeInTheDocument();
  });

  test('a listing under offer keeps its page, with a status banner (ADR 019)', async () => {
    serve(makeDetail({ status: 'under-offer' }));
    renderRoute('/property/three-bed-house-cowper-road');
    const banner = await screen.findByRole('note', { name: 'Listing status' });
    expect(banner).toHaveTextContent('Under offer. An offer has been accepted on this property.');
    expect(screen.getByRole('button', { name: 'Contact Agent' })).toBeInTheDocument();
  });

  test('a let agreed rental says so; an active listing has no banner', async () => {
    serve(makeDetail({ status: 'let-agreed', mode: 'rent', pricePence: 1_300_00 }));
    const { unmount } = renderRoute('/property/three-bed-house-cowper-road');
    expect(await screen.findByRole('note', { name: 'Listing status' })).toHaveTextContent(
      'Let agreed. A tenant has been found',
    );
    unmount();
    serve(makeDetail());
    renderRoute('/property/three-bed-house-cowper-road');
    await screen.findByTestId('property-price');
    expect(screen.queryByRole('note', { name: 'Listing status' })).not.toBeInTheDocument();
  });

  test('a price on application: POA in the header and Part A, no figure, no reduction, no calculators', async () => {
    serve(
      makeDetail({
        pricePence: null,
        priceQualifier: 'poa',
        priceReducedAt: null,
        keyFeatures: ['Private mooring'],
      }),
    );
    renderRoute('/property/three-bed-house-cowper-road');
    const price = await screen.findByTestId('property-price');
    expect(price).toHaveTextContent(/^POA$/);
    expect(within(price).getByTitle('Price on application')).toBeInTheDocument();
    const material = await screen.findByRole('region', { name: 'Material information' });
    expect(within(material).getByText('POA')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Sold prices nearby' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stamp Duty calculator' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Mortgage calculator' })).not.toBeInTheDocument();
    expect(screen.queryByText('Reduced')).not.toBeInTheDocument();
  });

  test('every REQ-LISTING-11 section, in a buyer’s reading order, with the qualifier and the EPC graph', async () => {
    serve(
      makeDetail({
        priceQualifier: 'offers-over',
        pricePence: 30_000_000,
        keyFeatures: ['Two reception rooms', 'Garage'],
        summary: 'A family home near the common.',
        receptionRooms: 2,
        rooms: [{ name: 'Kitchen', lengthM: 4.2, widthM: 3, description: null }],
        epcRating: 'D',
        epcPotentialRating: 'B',
        videoTourUrl: 'https://youtu.be/dQw4w9WgXcQ',
        media: [
          {
            id: 'plan',
            kind: 'floor-plan',
            format: 'image',
            url: '/media/demo/plan.svg',
            caption: 'Ground floor',
          },
          {
            id: 'b',
            kind: 'brochure',
            format: 'pdf',
            url: '/media/uploads/b.pdf',
            caption: null,
            bytes: 1_500_000,
          },
        ],
      }),
    );
    renderRoute('/property/three-bed-house-cowper-road');
    expect(await screen.findByTestId('property-price')).toHaveTextContent(/^Offers over £300,000$/);
    const facts = within(screen.getByRole('region', { name: 'Key facts' }));
    expect(facts.getByText('D (potential B)')).toBeInTheDocument();
    expect(facts.getByText('Reception rooms')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Material information' });
    const order = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
      .filter((t) => t !== 'Key facts');
    expect(order.slice(0, 9)).toEqual([
      'Key features',
      'Description',
      'Rooms',
      'Features',
      'Video tour',
      'Floor plan',
      'Energy performance (EPC)',
      'Brochure',
      'Material information',
    ]);
    expect(screen.getByRole('img', { name: /current D, potential B/ })).toBeInTheDocument();
    expect(screen.getByTitle('Video tour (YouTube)')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByText('4.20 m × 3.00 m (13′ 9″ × 9′ 10″)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Brochure (PDF, 1.4 MB)' })).toBeInTheDocument();
  });

  test('a rent quoted weekly shows the weekly figure and its monthly equivalent, and its lettings terms', async () => {
    serve(
      makeDetail({
        mode: 'rent',
        pricePence: 108_333,
        rentFrequency: 'pw',
        weeklyRentPence: 25_000,
        depositPence: 125_000,
        holdingDepositPence: 25_000,
        minimumTermMonths: 6,
      }),
    );
    renderRoute('/property/three-bed-house-cowper-road');
    expect(await screen.findByTestId('property-price')).toHaveTextContent(/^£250\/week$/);
    expect(screen.getByTestId('property-price-equivalent')).toHaveTextContent('£1,083/month (pw × 52 ÷ 12)');
    const terms = within(await screen.findByRole('region', { name: 'Lettings terms' }));
    expect(terms.getByText('6 months')).toBeInTheDocument();
  });

  test("'More from {agency}' cards carry the heart and Contact Agent the route composes in", async () => {
    serve(
      makeDetail({
        agencyListings: [
          makeListing({ id: 'other', slug: 'flat-in-ryde', title: '2 bedroom flat for sale' }),
        ],
      }),
    );
    renderRoute('/property/three-bed-house-cowper-road');
    const more = await screen.findByRole('region', { name: 'More from Harbour & Vale' });
    const card = within(more).getByRole('article', { name: '2 bedroom flat for sale' });
    expect(within(card).getByRole('button', { name: 'Save to favourites' })).toHaveAttribute(
      'title',
      'Save to favourites: 2 bedroom flat for sale',
    );
    expect(within(card).getByRole('button', { name: 'Contact Agent' })).toBeInTheDocument();
    // The listing's own Contact Agent stays in its agent card, apart from the card's.
    expect(screen.getAllByRole('button', { name: 'Contact Agent' })).toHaveLength(2);
  });

  test('an unknown listing says it is no longer available, with a way to search', async () => {
    const views = serve(null);
    renderRoute('/property/gone');
    expect(
      await screen.findByRole('heading', { name: 'This property is no longer available.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search properties' })).toHaveAttribute(
      'href',
      '/search?mode=sale',
    );
    expect(views).toHaveLength(0);
  });
});

describe('visit recording', () => {
  test('one POST per page load, even under StrictMode and re-renders', async () => {
    const views = serve(makeDetail());
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionKeys.me(), null);
    const router = createMemoryRouter(
      [{ path: '/property/:slug', element: <PropertyPage slug="three-bed-house-cowper-road" /> }],
      { initialEntries: ['/property/three-bed-house-cowper-road'] },
    );
    const tree = () => (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>
    );
    const { rerender } = render(tree());
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(views).toHaveLength(1));
    rerender(tree());
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    await queryClient.refetchQueries({ queryKey: ['property'] });
    expect(views).toEqual(['/api/properties/three-bed-house-cowper-road/views']);
  });

  test('a preview is not recorded as a visit', async () => {
    const views = serve(makeDetail({ preview: true, approvalStatus: 'pending' }));
    renderRoute('/property/three-bed-house-cowper-road');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(views).toHaveLength(0);
  });
});
