import { useId, type ReactNode } from 'react';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import { propertyTypeName } from '@abode/shared/listings/listing-vocabulary';
import {
  formatAvailableFrom,
  formatCouncilTaxBand,
  formatFloorArea,
  FURNISHED_LABELS,
  TENURE_LABELS,
} from '#src/features/property/utils/format.ts';

/**
 * The material facts a buyer or tenant looks for first (REQ-CLIENT-16), the type with its style ('Semi-detached house');
 * unknown facts are left out.
 */
export function KeyFacts({ listing }: { listing: ListingDetail }) {
  const headingId = useId();
  const facts: [string, ReactNode][] = [
    ['Property type', propertyTypeName(listing.propertyType, listing.propertySubType)],
  ];
  if (listing.propertyType !== 'land') {
    facts.push(['Bedrooms', listing.bedrooms === 0 ? 'Studio' : listing.bedrooms]);
    facts.push(['Bathrooms', listing.bathrooms]);
    if (listing.receptionRooms > 0) facts.push(['Reception rooms', listing.receptionRooms]);
  }
  facts.push([
    'Parking',
    listing.parkingSpaces > 0
      ? `${listing.parkingSpaces} space${listing.parkingSpaces === 1 ? '' : 's'}`
      : 'None',
  ]);
  if (listing.tenure) facts.push(['Tenure', TENURE_LABELS[listing.tenure]]);
  if (listing.councilTaxBand) facts.push(['Council tax', formatCouncilTaxBand(listing.councilTaxBand)]);
  if (listing.epcRating)
    facts.push([
      'EPC rating',
      listing.epcPotentialRating
        ? `${listing.epcRating} (potential ${listing.epcPotentialRating})`
        : listing.epcRating,
    ]);
  if (listing.floorAreaSqm) facts.push(['Floor area', formatFloorArea(listing.floorAreaSqm)]);
  if (listing.mode === 'rent') {
    if (listing.availableFrom) facts.push(['Available from', formatAvailableFrom(listing.availableFrom)]);
    if (listing.furnished) facts.push(['Furnishing', FURNISHED_LABELS[listing.furnished]]);
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        Key facts
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-muted/60 px-3 py-2">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
