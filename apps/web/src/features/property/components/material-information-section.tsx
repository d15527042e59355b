import type { ReactNode } from 'react';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import { formatListingPrice } from '@abode/shared/listings/listing-price';
import { LET_TYPE_LABELS, propertyTypeName } from '@abode/shared/listings/listing-vocabulary';
import {
  MATERIAL_ITEM_KEYS,
  MATERIAL_ITEMS,
  materialAnswerText,
} from '@abode/shared/listings/material-information';
import { formatPounds } from '@abode/shared/money';
import {
  formatAvailableFrom,
  formatCouncilTaxBand,
  formatMonths,
  formatYearly,
  FURNISHED_LABELS,
  plural,
  TENURE_LABELS,
  yesNo,
} from '#src/features/property/utils/format.ts';
import { FactList, PageSection } from './page-section.tsx';

/** What the page says for a Part A or lettings fact the agent has not given. */
export const ASK_AGENT = 'Ask agent';

const orAsk = (value: ReactNode | undefined | null): ReactNode => value ?? ASK_AGENT;
const pounds = (pence: number | null) => (pence == null ? undefined : formatPounds(pence));

/** A lease whose terms Part A asks for (as listing-input.schema.ts's hasLease). */
const hasLease = (tenure: ListingDetail['tenure']) =>
  tenure === 'leasehold' || tenure === 'share_of_freehold';

/** The rooms line of Part B: '3 bedrooms, 2 bathrooms, 1 reception room'. */
function roomsText(listing: ListingDetail): string {
  if (listing.propertyType === 'land') return 'Not applicable';
  return [
    listing.bedrooms === 0 ? 'Studio' : plural(listing.bedrooms, 'bedroom', 'bedrooms'),
    plural(listing.bathrooms, 'bathroom', 'bathrooms'),
    ...(listing.receptionRooms > 0
      ? [plural(listing.receptionRooms, 'reception room', 'reception rooms')]
      : []),
  ].join(', ');
}

/**
 * Part A (National Trading Standards' guidance for property listings): council tax, the price or rent, tenure, and
 * for a leasehold the lease terms, for a let the deposit, holding deposit and minimum term. The price is the
 * formatter's public text, so a price on application reads 'POA' here too.
 */
export function partAFacts(listing: ListingDetail): [string, ReactNode][] {
  const rent = listing.mode === 'rent';
  const facts: [string, ReactNode][] = [
    ['Council tax', orAsk(listing.councilTaxBand && formatCouncilTaxBand(listing.councilTaxBand))],
    [rent ? 'Rent' : 'Price', formatListingPrice(listing, 'public')],
  ];
  if (!rent || listing.tenure) facts.push(['Tenure', orAsk(listing.tenure && TENURE_LABELS[listing.tenure])]);
  if (!rent && hasLease(listing.tenure)) {
    facts.push(
      [
        'Lease remaining',
        orAsk(
          listing.leaseYearsRemaining == null ? null : plural(listing.leaseYearsRemaining, 'year', 'years'),
        ),
      ],
      ['Ground rent', orAsk(listing.groundRentPence == null ? null : formatYearly(listing.groundRentPence))],
    );
    if (listing.groundRentReview || (listing.groundRentPence ?? 0) > 0)
      facts.push(['Ground rent review', orAsk(listing.groundRentReview)]);
    facts.push([
      'Service charge',
      orAsk(listing.serviceChargePence == null ? null : formatYearly(listing.serviceChargePence)),
    ]);
  }
  if (rent)
    facts.push(
      ['Deposit', orAsk(pounds(listing.depositPence))],
      ['Holding deposit', orAsk(pounds(listing.holdingDepositPence))],
      [
        'Minimum term',
        orAsk(listing.minimumTermMonths == null ? null : formatMonths(listing.minimumTermMonths)),
      ],
    );
  return facts;
}

/** Part B or C: every item of the part, answered, 'Ask agent' or 'Not applicable'. */
function itemFacts(listing: ListingDetail, part: 'B' | 'C'): [string, ReactNode][] {
  return MATERIAL_ITEM_KEYS.filter((key) => MATERIAL_ITEMS[key].part === part).map((key) => [
    MATERIAL_ITEMS[key].label,
    materialAnswerText(key, listing.materialInformation[key]),
  ]);
}

function Part({ title, facts }: { title: string; facts: [string, ReactNode][] }) {
  return (
    <div className="flex flex-col gap-1 pt-2">
      <h3 className="font-semibold">{title}</h3>
      <FactList facts={facts} label={title} />
    </div>
  );
}

/**
 * 'Material information' as the UK portals show it: Part A, then Part B (property type, rooms, construction,
 * services, broadband, mobile signal, parking) and Part C (building safety, restrictions, rights, flood and erosion
 * risk, planning, accessibility, mining). Every Part B and C item is listed; one the agent has not answered reads
 * 'Ask agent'.
 */
export function MaterialInformationSection({ listing }: { listing: ListingDetail }) {
  return (
    <PageSection title="Material information" testId="property-material-information">
      <p className="text-sm text-muted-foreground">
        What National Trading Standards asks every listing to state. Where an item reads ‘{ASK_AGENT}’, the
        agent has not given it yet: ask them before you commit.
      </p>
      <Part title="Part A: council tax, price and tenure" facts={partAFacts(listing)} />
      <Part
        title="Part B: the property, services and connectivity"
        facts={[
          ['Property type', propertyTypeName(listing.propertyType, listing.propertySubType)],
          ['Rooms', roomsText(listing)],
          ...itemFacts(listing, 'B'),
        ]}
      />
      <Part title="Part C: safety, rights, risks and planning" facts={itemFacts(listing, 'C')} />
    </PageSection>
  );
}

/**
 * The lettings terms of a rental: deposit, holding deposit, minimum term, type of let, furnishing, when it is
 * available, and whether bills and council tax are in the rent and pets allowed ('Ask agent' where not given).
 */
export function LettingsTermsSection({ listing }: { listing: ListingDetail }) {
  if (listing.mode !== 'rent') return null;
  const facts: [string, ReactNode][] = [
    ['Deposit', orAsk(pounds(listing.depositPence))],
    ['Holding deposit', orAsk(pounds(listing.holdingDepositPence))],
    [
      'Minimum term',
      orAsk(listing.minimumTermMonths == null ? null : formatMonths(listing.minimumTermMonths)),
    ],
    ['Let type', orAsk(listing.letType && LET_TYPE_LABELS[listing.letType])],
    ['Furnishing', orAsk(listing.furnished && FURNISHED_LABELS[listing.furnished])],
    ['Available from', orAsk(listing.availableFrom && formatAvailableFrom(listing.availableFrom))],
    ['Bills included', orAsk(yesNo(listing.billsIncluded))],
    ['Pets allowed', orAsk(yesNo(listing.petsAllowed))],
    ['Council tax included', orAsk(yesNo(listing.councilTaxIncluded))],
  ];
  return (
    <PageSection title="Lettings terms" testId="property-lettings-terms">
      <FactList facts={facts} label="Lettings terms" />
    </PageSection>
  );
}
