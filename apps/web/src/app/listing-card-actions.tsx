import type { ListingCardActions } from '#src/components/listing-card/listing-card.tsx';
import { ContactAgentButton } from '#src/features/enquiries/components/contact-agent-button.tsx';
import { FavouriteButton } from '#src/features/favourites/components/favourite-button.tsx';

/**
 * A listing card's heart (favourites feature) and Contact Agent button (enquiries feature), for every page that
 * shows cards: the search, the client's dashboard and favourites, a branch's page and the listing page's 'More from
 * {agency}'. Composed here because features never import one another.
 */
export const listingCardActions: ListingCardActions = {
  favourite: (listing) => (
    <FavouriteButton listingId={listing.id} listingTitle={listing.title} variant="icon" />
  ),
  contact: (listing) => (
    <ContactAgentButton listing={listing} size="sm" variant="outline" className="ml-auto" />
  ),
};
