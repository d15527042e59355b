import { useParams } from 'react-router';
import { listingCardActions } from '#src/app/listing-card-actions.tsx';
import { ContactAgentButton } from '#src/features/enquiries/components/contact-agent-button.tsx';
import { FavouriteButton } from '#src/features/favourites/components/favourite-button.tsx';
import { PropertyPage } from '#src/features/property/components/property-page.tsx';

/**
 * /property/:slug (REQ-LISTING-09). Composes the property page with the favourites and enquiries features, for the
 * listing itself and its 'More from {agency}' cards (STYLE §5.1: features meet only in app/routes). Keyed by slug so
 * moving to another listing starts with fresh page state.
 */
export function PropertyRoute() {
  const { slug = '' } = useParams();
  return (
    <PropertyPage
      key={slug}
      slug={slug}
      favourite={(listing) => (
        <FavouriteButton listingId={listing.id} listingTitle={listing.title} variant="button" />
      )}
      contact={(listing) => <ContactAgentButton listing={listing} size="lg" className="w-full" />}
      cardActions={listingCardActions}
    />
  );
}
