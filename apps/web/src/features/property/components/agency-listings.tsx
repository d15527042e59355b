import { useId } from 'react';
import { Link } from 'react-router';
import type { ListingDetail } from '@abode/shared/listings/listing.schema';
import { ListingCard, type ListingCardActions } from '#src/components/listing-card/listing-card.tsx';
import { paths } from '#src/config/paths.ts';

/**
 * 'More from {agency}' (ADR 029): other homes the same agency markets, from any of its branches, newest first, as
 * the search's cards (with the `cardActions` the app composes in); with a link to the branch's page. Nothing when
 * the agency has no other public listing.
 */
export function AgencyListingsSection({
  listing,
  cardActions,
}: {
  listing: ListingDetail;
  cardActions?: ListingCardActions;
}) {
  const headingId = useId();
  const others = listing.agencyListings ?? [];
  const agency = listing.agent?.agencyName ?? listing.agent?.name;
  if (others.length === 0 || !agency) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          More from {agency}
        </h2>
        {listing.agent?.slug && (
          <Link
            to={paths.branch(listing.agent.slug)}
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            All properties from this branch
          </Link>
        )}
      </div>
      <ul className="grid gap-6 sm:grid-cols-2">
        {others.map((other) => (
          <li key={other.id}>
            {/* Below the fold: the photos wait until scrolled near, and never compete with the gallery's. */}
            <ListingCard listing={other} eagerImage={false} actions={cardActions} />
          </li>
        ))}
      </ul>
    </section>
  );
}
