import {
  listingPriceParts,
  type PriceAudience,
  type PricedListing,
} from '@abode/shared/listings/listing-price';
import { cn } from '#src/lib/utils.ts';

/**
 * A listing's price as formatListingPrice words it ('Guide price £450,000', '£250/week', 'POA'), with the qualifier
 * in smaller type before the figure, and a POA spelt out ('Price on application') for pointers and screen readers.
 * Its text is the same one line the formatter gives, so searches of the page and tests read it whole.
 */
export function ListingPrice({
  listing,
  audience = 'public',
  className,
  qualifierClassName,
}: {
  listing: PricedListing;
  audience?: PriceAudience;
  className?: string;
  /** Classes of the qualifier ('Guide price'); by default smaller and lighter than the figure. */
  qualifierClassName?: string;
}) {
  const { qualifier, amount, poa, title } = listingPriceParts(listing, audience);
  return (
    <span className={className}>
      {qualifier && (
        <span className={cn('text-[0.6em] font-medium text-muted-foreground', qualifierClassName)}>
          {qualifier}{' '}
        </span>
      )}
      {poa ? (
        <abbr title={title} className="no-underline">
          {amount}
        </abbr>
      ) : (
        amount
      )}
    </span>
  );
}
