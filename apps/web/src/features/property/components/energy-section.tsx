import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import { EpcGraph } from './epc-graph.tsx';
import { MediaLinks } from './listing-media.tsx';
import { PageSection } from './page-section.tsx';

/**
 * 'Energy performance (EPC)': Abode's graph of the current and potential ratings and the certificate the agent
 * uploaded (image or PDF). Nothing when the listing has neither a rating nor a certificate.
 */
export function EnergySection({
  listing,
}: {
  listing: Pick<ListingDetail, 'epcRating' | 'epcPotentialRating' | 'media'>;
}) {
  const certificates = listing.media.filter((m) => m.kind === 'epc');
  if (!listing.epcRating && certificates.length === 0) return null;
  return (
    <PageSection title="Energy performance (EPC)" testId="property-epc">
      {listing.epcRating && (
        <>
          <p className="text-sm text-muted-foreground">
            Current rating <strong className="text-foreground">{listing.epcRating}</strong>
            {listing.epcPotentialRating && (
              <>
                , potential <strong className="text-foreground">{listing.epcPotentialRating}</strong>
              </>
            )}
            .
          </p>
          <EpcGraph current={listing.epcRating} potential={listing.epcPotentialRating} />
        </>
      )}
      {certificates.length > 0 && <MediaLinks media={certificates} />}
    </PageSection>
  );
}
