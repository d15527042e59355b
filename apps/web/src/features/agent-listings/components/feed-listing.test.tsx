/**
 * Feed listings in the agent portal (ADR 030): the listings table says where each came from, and the edit page of
 * one a CRM sends says so, that the CRM's next update replaces edits, what the feed holds back or withdrew, and
 * where each file the CRM gave by URL stands.
 */
import { render as renderPlain, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import type {
  AgentListingDetail,
  AgentListingList,
  AgentListingSummary,
} from '@abode/shared/agent/listing-input.schema';
import type { FeedMediaList } from '@abode/shared/feeds/feed-media.schema';
import { AgentEditPropertyRoute } from '#src/app/routes/agent/property-edit.tsx';
import { AgentPropertiesRoute } from '#src/app/routes/agent/properties.tsx';
import { COWPER_ROAD, makeAgentListingSummary, justStored } from '#src/testing/fixtures/agent-listings.ts';
import { answerAgentBranches } from '#src/testing/handlers/agent-branches.ts';
import { NO_LISTING_FACTS } from '#src/testing/fixtures/listings.ts';
import { AGENT_FIXTURE_IDS, agentMe } from '#src/testing/fixtures/me.ts';
import { recordRequests, server } from '#src/testing/server.ts';
import { renderRoute } from '#src/testing/test-utils.tsx';
import { fileNameOf } from '../utils/feed-facts.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { ListingSource } from './listing-source.tsx';

const ID = '00000000-0000-4000-8000-0000000000f1';

/** A house the agency's CRM sends over the real-time feed, waiting for its first photo before it goes live. */
const FEED_LISTING: AgentListingDetail = {
  id: ID,
  branchId: AGENT_FIXTURE_IDS.branchId,
  negotiatorId: null,
  slug: '3-bedroom-house-for-sale-cowper-road-sw19-f1f1f1',
  title: '3 bedroom house for sale',
  description: 'A Victorian terrace a short walk from Wimbledon station.',
  pricePence: 650_000_00,
  mode: 'sale',
  status: 'draft',
  propertyType: 'house',
  propertySubType: 'terraced',
  bedrooms: 3,
  bathrooms: 1,
  parkingSpaces: 0,
  ...COWPER_ROAD,
  tenure: 'freehold',
  councilTaxBand: 'E',
  epcRating: null,
  floorAreaSqm: null,
  features: [],
  availableFrom: null,
  furnished: null,
  ...justStored('2026-11-26T10:00:00.000Z', '2026-11-26T14:05:00.000Z'),
  ...NO_LISTING_FACTS,
  receptionRooms: 1,
  source: 'rtdf',
  feedRef: 'HV-1001',
  feedUpdatedAt: '2026-11-26T14:05:00.000Z',
  feedPendingStatus: 'active',
  feedWithdrawnAt: null,
};

const MEDIA: FeedMediaList = {
  items: [
    {
      id: 'm1',
      kind: 'photo',
      url: 'https://crm.example.com/media/hv-1001/front.jpg?v=2',
      caption: 'Front of the house',
      state: 'stored',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
    },
    {
      id: 'm2',
      kind: 'floor-plan',
      url: 'https://crm.example.com/media/hv-1001/plan.png',
      caption: null,
      state: 'pending',
      attempts: 2,
      lastError: 'The server did not answer in time',
      nextAttemptAt: '2026-11-26T14:20:00.000Z',
    },
    {
      id: 'm3',
      kind: 'brochure',
      url: 'storage:feed-imports/5b0e7c1a/brochure%20hv-1001.pdf',
      caption: null,
      state: 'failed',
      attempts: 5,
      lastError: 'The file is not a PDF',
      nextAttemptAt: null,
    },
  ],
};

const LISTING = `/api/agent/properties/${ID}`;

/** Serves the listing (and its photos), its feed media; returns the requests the server received. */
function serveEdit(listing: AgentListingDetail) {
  server.use(
    http.get(LISTING, () => HttpResponse.json(listing)),
    http.get(`${LISTING}/photos`, () => HttpResponse.json({ items: [] })),
    http.get(`${LISTING}/feed-media`, () => HttpResponse.json(MEDIA)),
  );
  answerAgentBranches();
  const requests = recordRequests();
  renderRoute(`/agent/properties/${ID}/edit`, {
    routes: [{ path: '/agent/properties/:id/edit', element: <AgentEditPropertyRoute /> }],
    me: agentMe(),
  });
  return requests;
}

test("a feed listing's edit page says it comes from the CRM, that edits are replaced, and what the feed holds back", async () => {
  serveEdit(FEED_LISTING);
  const notice = await screen.findByRole('status', { name: 'This listing comes from your agency’s CRM' });
  expect(notice).toHaveTextContent(
    `It arrives through the real-time feed, reference HV-1001, last updated ${formatDateTime('2026-11-26T14:05:00.000Z')}. Changes made here are replaced by the next update from the CRM`,
  );
  expect(notice).toHaveTextContent('Goes live as Active once its first photo has arrived from the CRM.');
  expect(within(notice).queryByText(/Withdrawn by the CRM/)).not.toBeInTheDocument();
  // The stored style comes back into the form.
  expect(await screen.findByLabelText('Style')).toHaveValue('terraced');
});

test('the CRM media are listed with their kind, file and state', async () => {
  serveEdit(FEED_LISTING);
  const list = await screen.findByRole('list', { name: 'Media from the CRM' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(3);
  expect(items[0]).toHaveTextContent('Photo');
  expect(within(items[0]!).getByRole('link', { name: /front\.jpg/ })).toHaveAttribute(
    'href',
    'https://crm.example.com/media/hv-1001/front.jpg?v=2',
  );
  expect(items[0]).toHaveTextContent('Front of the house');
  expect(items[0]).toHaveTextContent('Stored');
  expect(items[1]).toHaveTextContent('Floor plan');
  expect(items[1]).toHaveTextContent('Fetching');
  expect(items[1]).toHaveTextContent(
    `The server did not answer in time. Trying again ${formatDateTime('2026-11-26T14:20:00.000Z')}`,
  );
  // A file of a zip has no link to follow: its name alone.
  expect(items[2]).toHaveTextContent('Brochure');
  expect(within(items[2]!).getByText('brochure hv-1001.pdf')).toBeInTheDocument();
  expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
  expect(items[2]).toHaveTextContent('Failed: The file is not a PDF');
  expect(screen.getByText('1 of 3 stored, 1 being fetched, 1 failed')).toBeInTheDocument();
});

test('a listing the CRM withdrew says when, from a BLM file', async () => {
  serveEdit({
    ...FEED_LISTING,
    source: 'blm',
    // A withdrawal takes the listing off the market: back to a draft.
    status: 'draft',
    feedPendingStatus: null,
    feedWithdrawnAt: '2026-11-25T08:00:00.000Z',
  });
  const notice = await screen.findByRole('status', { name: 'This listing comes from your agency’s CRM' });
  expect(notice).toHaveTextContent('It arrives through a BLM file, reference HV-1001');
  expect(notice).toHaveTextContent(`Withdrawn by the CRM on ${formatDateTime('2026-11-25T08:00:00.000Z')}.`);
  expect(notice).not.toHaveTextContent('Goes live as');
});

test('a listing typed in Abode has no notice, and its feed media are never asked for', async () => {
  const requests = serveEdit({
    ...FEED_LISTING,
    source: 'portal',
    feedRef: null,
    feedUpdatedAt: null,
    feedPendingStatus: null,
  });
  expect(await screen.findByLabelText('Title')).toHaveValue('3 bedroom house for sale');
  expect(screen.queryByTestId('feed-notice')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Media from the CRM' })).not.toBeInTheDocument();
  expect(requests.some((r) => new URL(r.url).pathname.endsWith('/feed-media'))).toBe(false);
});

test("the source badge: the feed, the CRM's reference and the last update; nothing for a portal listing", () => {
  const { container, rerender } = renderPlain(
    <ListingSource
      listing={{ source: 'blm', feedRef: 'HV-1002', feedUpdatedAt: '2026-11-26T14:05:00.000Z' }}
    />,
  );
  expect(container).toHaveTextContent(
    `BLM fileRef. HV-1002Feed update ${formatDateTime('2026-11-26T14:05:00.000Z')}`,
  );
  rerender(<ListingSource listing={{ source: 'portal', feedRef: null, feedUpdatedAt: null }} />);
  expect(container).toBeEmptyDOMElement();
});

test('the listings table shows where each listing came from', async () => {
  const summary = (overrides: Partial<AgentListingSummary>) =>
    makeAgentListingSummary({ mainPhoto: null, source: 'portal', ...overrides });
  const list: AgentListingList = {
    items: [
      summary({}),
      summary({
        id: '00000000-0000-4000-8000-000000000002',
        title: '2 bedroom flat for sale',
        source: 'rtdf',
        feedRef: 'HV-2001',
        feedUpdatedAt: '2026-11-26T14:05:00.000Z',
      }),
    ],
    total: 2,
    page: 1,
    pageSize: 25,
    stats: { total: 2, active: 2, underOffer: 0, totalViews: 50 },
    branches: [{ id: AGENT_FIXTURE_IDS.branchId, name: 'Wimbledon' }],
    negotiators: [],
  };
  server.use(http.get('/api/agent/properties', () => HttpResponse.json(list)));
  renderRoute('/agent/properties', {
    routes: [{ path: '/agent/properties', element: <AgentPropertiesRoute /> }],
    me: agentMe(),
  });
  const table = await screen.findByRole('table', { name: 'My properties' });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1]!).queryByTestId('listing-source')).not.toBeInTheDocument();
  const feed = within(rows[2]!).getByTestId('listing-source');
  expect(feed).toHaveTextContent('Real-time feed');
  expect(feed).toHaveTextContent('Ref. HV-2001');
  // The owner may import files: the Properties page offers it.
  expect(screen.getByRole('link', { name: 'Bulk upload' })).toHaveAttribute(
    'href',
    '/agent/properties/bulk-upload',
  );
});

test('a media URL names its file', () => {
  expect(fileNameOf('https://crm.example.com/media/front.jpg?v=2')).toBe('front.jpg');
  expect(fileNameOf('storage:feed-imports/abc/floor%20plan.png')).toBe('floor plan.png');
  expect(fileNameOf('https://crm.example.com/')).toBe('https://crm.example.com/');
});
