/**
 * The property page's branch block and 'More from {agency}' (ADR 029): the branch's logo, name, office, phone and
 * hours with a link to its page; the agency's other homes as the search's cards.
 */
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { makeListing, makeListingDetail } from '#src/testing/fixtures/listings.ts';
import { renderWithRouter } from '#src/testing/test-utils.tsx';
import { AgencyListingsSection } from './agency-listings.tsx';
import { AgentCard } from './agent-card.tsx';

const AGENT = {
  name: 'Clara Whitmore',
  agencyName: 'Harbour & Vale',
  branchName: 'Wimbledon',
  logoUrl: '/media/uploads/agents/harbour-and-vale.webp',
  phone: '020 7946 0101',
  email: 'wimbledon@example.com',
  slug: 'harbour-vale-wimbledon-7d0c5a1e',
  address: 'Wimbledon, London SW19',
  businessHours: { 'Monday to Friday': '9:00 to 17:30', Saturday: '9:00 to 16:00' },
};

test('the branch block: logo, name, office, phone, hours and a link to the branch page', () => {
  renderWithRouter(<AgentCard agent={AGENT} />);
  const block = screen.getByRole('region', { name: 'Harbour & Vale' });
  expect(within(block).getByText('Wimbledon branch')).toBeInTheDocument();
  expect(within(block).getByRole('img', { name: 'Harbour & Vale logo' })).toBeInTheDocument();
  expect(within(block).getByText('Wimbledon, London SW19')).toBeInTheDocument();
  expect(within(block).getByRole('link', { name: 'Call 020 7946 0101' })).toHaveAttribute(
    'href',
    'tel:02079460101',
  );
  expect(within(block).getByText('Opening hours')).toBeInTheDocument();
  expect(within(block).getByText('Monday to Friday')).toBeInTheDocument();
  expect(within(block).getByText('9:00 to 16:00')).toBeInTheDocument();
  expect(
    within(block).getByRole('link', { name: 'View Harbour & Vale, Wimbledon and all its properties' }),
  ).toHaveAttribute('href', '/agents/harbour-vale-wimbledon-7d0c5a1e');
});

test('an agent without a page, office or hours shows none of them', () => {
  renderWithRouter(<AgentCard agent={{ name: 'Alex Morgan', agencyName: null, phone: null, email: null }} />);
  const block = screen.getByRole('region', { name: 'Alex Morgan' });
  expect(within(block).queryByRole('link')).not.toBeInTheDocument();
  expect(within(block).queryByText('Opening hours')).not.toBeInTheDocument();
});

test("'More from {agency}': the agency's other homes as cards, and the branch page", () => {
  const others = [
    makeListing({ slug: 'flat-in-reading', title: '2 bedroom flat for sale' }),
    makeListing({ slug: 'house-in-ryde', title: '4 bedroom house for sale' }),
  ];
  renderWithRouter(
    <AgencyListingsSection listing={makeListingDetail({ agent: AGENT, agencyListings: others })} />,
  );
  const section = screen.getByRole('region', { name: 'More from Harbour & Vale' });
  expect(within(section).getByRole('link', { name: '2 bedroom flat for sale' })).toHaveAttribute(
    'href',
    '/property/flat-in-reading',
  );
  expect(within(section).getByRole('link', { name: '4 bedroom house for sale' })).toBeInTheDocument();
  expect(within(section).getByRole('link', { name: 'All properties from this branch' })).toHaveAttribute(
    'href',
    '/agents/harbour-vale-wimbledon-7d0c5a1e',
  );
});

test('no other homes, no section', () => {
  renderWithRouter(
    <AgencyListingsSection listing={makeListingDetail({ agent: AGENT, agencyListings: [] })} />,
  );
  expect(screen.queryByRole('region', { name: /More from/ })).not.toBeInTheDocument();
});
