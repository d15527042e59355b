import { BrandPage, BrandSection, PointList } from '#src/features/marketing/components/brand-page.tsx';
import { DATA_ATTRIBUTIONS, OGL_URL, PHOTO_NOTE } from '#src/config/attributions.ts';

const DATA_SOURCES = [
  {
    name: 'HM Land Registry Price Paid Data',
    use: 'Prices, property types, tenure, streets, towns and postcodes of homes sold in England and Wales.',
    licence: 'Open Government Licence v3.0',
    attribution: DATA_ATTRIBUTIONS.landRegistry,
  },
  {
    name: 'OS Code-Point Open',
    use: 'The position of each postcode, so homes can be placed on a map and searched by area.',
    licence: 'OS OpenData licence (Open Government Licence v3.0)',
    attribution: DATA_ATTRIBUTIONS.ordnanceSurvey,
  },
  {
    name: 'ONS private rental market statistics',
    use: 'Typical monthly rents by area and number of bedrooms, used to set the rents of the demo listings.',
    licence: 'Open Government Licence v3.0',
    attribution: DATA_ATTRIBUTIONS.ons,
  },
] as const;

export function AboutRoute() {
  return (
    <BrandPage
      title="About Abode"
      documentTitle="About"
      eyebrow="About us"
      lead="Abode is an open-source property marketplace for the UK: a place to search homes for sale and to rent, for estate agents to list them, and for anyone to see exactly how it works."
    >
      <BrandSection title="What Abode is">
        <p>
          Abode brings together the things people need when they look for a home: a search by town, street or
          postcode; filters for price, bedrooms, bathrooms and features such as a garden or parking; clear
          listing cards with the price, the address and the agent marketing the home.
        </p>
        <p>
          Estate agents and landlords manage their own listings and enquiries. Administrators check new
          listings before they go live, so the homes you see are real, current and described honestly.
        </p>
      </BrandSection>

      <BrandSection title="Built in the open">
        <p>
          Every line of Abode is open source. Anyone can read how search results are chosen and ordered, how
          prices are shown and what happens to the information you give us — and anyone can suggest a change.
        </p>
        <PointList
          points={[
            {
              title: 'Honest prices',
              text: 'Prices are stored to the penny and shown in whole pounds. Rents are shown per month, so you can compare like with like.',
            },
            {
              title: 'Filters that mean what they say',
              text: '“3+ beds” finds homes with three bedrooms or more, and a feature tag such as Garden only shows homes that have one.',
            },
            {
              title: 'Accessible',
              text: 'Abode is built to work with a keyboard, a screen reader or a phone, with readable contrast and clear labels on every control.',
            },
            {
              title: 'Respectful of your privacy',
              text: 'No advertising trackers. Sign-in uses secure, HTTP-only cookies, and security checks happen on our own server rather than through third-party lookups.',
            },
          ]}
        />
      </BrandSection>

      <BrandSection title="Data sources and licences">
        <p>
          The demonstration listings on Abode are built from real public records published by UK government
          bodies, never invented addresses. Addresses show the street, town and postcode but no house number,
          as UK property portals do. {PHOTO_NOTE}
        </p>
        <ul className="space-y-4">
          {DATA_SOURCES.map((source) => (
            <li key={source.name} className="rounded-xl border bg-card p-5">
              <h3 className="font-semibold text-foreground">{source.name}</h3>
              <p className="mt-1 text-sm">{source.use}</p>
              <p className="mt-2 text-sm">
                <strong>Licence:</strong> {source.licence}
              </p>
              <p className="mt-2 text-sm italic">{source.attribution}</p>
            </li>
          ))}
        </ul>
        <p>
          The Open Government Licence v3.0 is published by The National Archives:{' '}
          <a
            href={OGL_URL}
            className="font-medium text-primary underline underline-offset-4"
            target="_blank"
            rel="noreferrer"
          >
            read the licence<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </BrandSection>
    </BrandPage>
  );
}
