import { BrandPage, BrandSection } from '#src/features/marketing/components/brand-page.tsx';

export function StoryRoute() {
  return (
    <BrandPage
      title="Our story"
      eyebrow="Where Abode comes from"
      lead="Abode began with a simple question: could a property portal be built entirely in the open, on public data, and still be pleasant to use?"
    >
      <BrandSection title="The name">
        <p>
          An <strong>abode</strong> is a place where someone lives — an old English word that comes from
          &ldquo;abide&rdquo;, to stay. It felt right for a service whose whole purpose is helping people find
          a place to stay, whether for a year&apos;s tenancy or the rest of their lives.
        </p>
      </BrandSection>
      <BrandSection title="Why we built it">
        <p>
          Searching for a home is stressful enough without wondering whether a listing is still available,
          whether &ldquo;3 bedrooms&rdquo; means three or more, or what a site does with your data. Most
          property portals are closed boxes. We wanted one whose workings anyone could read.
        </p>
        <p>
          So Abode is open source from the first line. Its rules — how prices are shown, how searches filter,
          who may see and change what — are written down and tested, and the code is there for anyone to
          inspect.
        </p>
      </BrandSection>
      <BrandSection title="Real data from day one">
        <p>
          Rather than fill the site with made-up homes, we built the demonstration listings from real public
          records: HM Land Registry sale prices, Ordnance Survey postcode locations and Office for National
          Statistics rents. The streets, towns, postcodes and price levels are genuine; house numbers are left
          out, and the photos are illustrations. The sources and their licences are listed on the About page.
        </p>
      </BrandSection>
      <BrandSection title="What comes next">
        <p>
          Abode grows in small, tested steps: search first, then accounts with favourites and saved searches,
          tools for agents to manage listings and enquiries, and oversight for administrators. Each step is
          built in the open, and contributions are welcome.
        </p>
      </BrandSection>
    </BrandPage>
  );
}
