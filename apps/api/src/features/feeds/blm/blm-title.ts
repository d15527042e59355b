/**
 * A listing's title for a feed that sends none (BLM has no title column, REQ-FEED-07): what the home is, as the UK
 * portals write it — '3 bedroom semi-detached house for sale', 'Studio flat to rent', 'Plot for sale'.
 */
import {
  propertyTypeName,
  type PropertySubTypeValue,
  type PropertyTypeValue,
} from '@abode/shared/listings/listing-vocabulary';

/** What the home is, in lower case: 'semi-detached house', 'ground floor flat', 'studio flat', 'bungalow'. */
export function homeNoun(type: PropertyTypeValue, subType: PropertySubTypeValue | null): string {
  // A title says 'studio flat' where the listing page's fact says 'Studio'.
  if (subType === 'studio') return 'studio flat';
  return propertyTypeName(type, subType).toLowerCase();
}

/**
 * The title: 'n bedroom …' for homes with bedrooms, the noun alone for a studio, land and a home of 0 bedrooms;
 * 'for sale' or 'to rent'. At most 120 characters (every combination is far shorter).
 */
export function listingTitle(listing: {
  bedrooms: number;
  type: PropertyTypeValue;
  subType: PropertySubTypeValue | null;
  mode: 'sale' | 'rent';
}): string {
  const noun = homeNoun(listing.type, listing.subType);
  const what =
    listing.bedrooms > 0 && listing.type !== 'land' && listing.subType !== 'studio'
      ? `${listing.bedrooms} bedroom ${noun}`
      : noun.charAt(0).toUpperCase() + noun.slice(1);
  return `${what} ${listing.mode === 'sale' ? 'for sale' : 'to rent'}`;
}
