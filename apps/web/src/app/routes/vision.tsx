import { BrandPage, BrandSection, PointList } from '#src/features/marketing/components/brand-page.tsx';

const VALUES = [
  {
    title: 'Openness',
    text: 'Our code is public and our rules are written down. If you want to know why a home appears where it does, you can find out.',
  },
  {
    title: 'Honesty',
    text: 'Prices, addresses and counts are shown as they are. When a search matches more homes than we count exactly, we say “10,000+” rather than guess.',
  },
  {
    title: 'Fairness',
    text: 'Agents manage their own listings and enquiries on equal terms, and results follow the order you choose, not who paid for prominence.',
  },
  {
    title: 'Accessibility',
    text: 'Looking for a home should not depend on how you use the web. Every screen is designed for keyboards, screen readers and small phones.',
  },
  {
    title: 'Privacy',
    text: 'We collect what the service needs and no more. Your searches and favourites are yours, not a product to sell.',
  },
  {
    title: 'Care',
    text: 'A home is the biggest purchase or commitment most people make. We would rather show fewer, accurate listings than more, doubtful ones.',
  },
] as const;

export function VisionRoute() {
  return (
    <BrandPage
      title="Our vision"
      eyebrow="Vision, mission and values"
      lead="A home search that everyone can trust: open about how it works, fair to the people who list homes, and easy for anyone to use."
    >
      <BrandSection title="Vision">
        <p>
          We want finding a home in the UK to feel straightforward. That means listings you can rely on,
          prices you can compare, and a search that treats you as someone looking for a home rather than an
          audience to be sold to.
        </p>
      </BrandSection>
      <BrandSection title="Mission">
        <p>
          Abode&apos;s mission is to build an open, accessible property marketplace: one where buyers and
          renters can search with confidence, agents can present their homes fairly, and the software itself
          is public so that anyone can check it, run it or improve it.
        </p>
      </BrandSection>
      <BrandSection title="Our values">
        <PointList points={VALUES} />
      </BrandSection>
    </BrandPage>
  );
}
