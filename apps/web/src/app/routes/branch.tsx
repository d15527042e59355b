import { useParams, useSearchParams } from 'react-router';
import { ListingModeSchema } from '@abode/shared/listings/listing.schema';
import { listingCardActions } from '#src/app/listing-card-actions.tsx';
import { NotFoundRoute } from '#src/app/routes/not-found.tsx';
import { BranchPage } from '#src/features/branch-page/components/branch-page.tsx';

/**
 * /agents/:slug (ADR 029): a branch's public page; `?mode=sale|rent` picks the tab and `?page=` the page. An unknown
 * slug (or an agency that may not advertise) shows the 404 page. The cards get the favourites and enquiries features'
 * buttons from here (features never import one another). Keyed by slug so another branch starts afresh.
 */
export function BranchRoute() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const mode = ListingModeSchema.safeParse(search.get('mode'));
  const page = Number.parseInt(search.get('page') ?? '1', 10);
  return (
    <BranchPage
      key={slug}
      slug={slug}
      mode={mode.success ? mode.data : undefined}
      page={Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1}
      notFound={<NotFoundRoute />}
      cardActions={listingCardActions}
    />
  );
}
