import { BrandPage, BrandSection, PointList } from '#src/features/marketing/components/brand-page.tsx';

const FOR_MOVERS = [
  {
    title: 'Search the way you think',
    text: 'Type a town, a street or a postcode, choose buy or rent, and narrow down by price, bedrooms, bathrooms and must-haves such as a garden, parking or a chain-free sale.',
  },
  {
    title: 'Prices you can compare',
    text: 'Sale prices in whole pounds, rents per month, and a clear “Reduced” badge when a price has come down.',
  },
  {
    title: 'Listings that are current',
    text: 'Only active listings that have been checked appear in search. Homes that are sold, let or withdrawn drop out.',
  },
  {
    title: 'Links you can share',
    text: 'Every search lives in its address: copy it, bookmark it or send it to someone, and they see the same results.',
  },
] as const;

const FOR_AGENTS = [
  {
    title: 'Your listings, your control',
    text: 'Agents manage their own listings, photos and enquiries, and no one else can change them.',
  },
  {
    title: 'A level field',
    text: 'Results are ordered by what the searcher asks for — newest, lowest or highest price — not by paid placement.',
  },
] as const;

export function WhyAbodeRoute() {
  return (
    <BrandPage
      title="Why Abode?"
      eyebrow="Why choose us"
      lead="There are many places to look for a home. Here is what makes Abode different — for people moving home, and for the agents who help them."
    >
      <BrandSection title="For buyers and renters">
        <PointList points={FOR_MOVERS} />
      </BrandSection>
      <BrandSection title="For estate agents and landlords">
        <PointList points={FOR_AGENTS} />
      </BrandSection>
      <BrandSection title="For everyone">
        <p>
          Abode is open source, uses real public data with its licences shown, and is designed to meet the
          WCAG 2.2 AA accessibility standard on phones and desktops alike. We do not use advertising trackers,
          and we never sell your searches.
        </p>
      </BrandSection>
    </BrandPage>
  );
}
