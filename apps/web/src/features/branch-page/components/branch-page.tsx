import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Clock, Globe, SearchX } from 'lucide-react';
import {
  branchDepartmentsLabel,
  branchDisplayName,
  branchPageTitle,
  describeBusinessHours,
  type PublicBranch,
  type PublicBranchPage,
} from '@abode/shared/agency/branches.schema';
import type { ListingMode } from '@abode/shared/listings/listing.schema';
import { ContactDetails } from '#src/components/contact-details.tsx';
import type { ListingCardActions } from '#src/components/listing-card/listing-card.tsx';
import { ListingList, ListingListSkeleton } from '#src/components/listing-card/listing-list.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { paths } from '#src/config/paths.ts';
import { pageTitle } from '#src/config/site.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { errorMessage } from '#src/lib/query-client.ts';
import { cn } from '#src/lib/utils.ts';
import { useBranchPage } from '../api/get-branch-page.ts';

const MODE_LABELS: Record<ListingMode, string> = { sale: 'For sale', rent: 'To rent' };

const properties = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'property' : 'properties'}`;
const homes = (n: number, mode: ListingMode) =>
  `${properties(n)} ${mode === 'sale' ? 'for sale' : 'to rent'}`;

/**
 * A branch's public page, `/agents/{slug}` (ADR 029), as a portal's branch page: the branch (logo, name, departments,
 * address, phone, e-mail, website, opening hours, about) and its listings on the market in For sale / To rent tabs,
 * as the search's cards, with pages. `notFound` renders the page for an unknown slug (the route's 404 page);
 * `cardActions` are the cards' heart and Contact Agent, which the route composes in.
 */
export function BranchPage({
  slug,
  mode,
  page,
  notFound,
  cardActions,
}: {
  slug: string;
  mode: ListingMode | undefined;
  page: number;
  notFound: ReactNode;
  cardActions?: ListingCardActions;
}) {
  const query = useBranchPage({ slug, mode, page });
  if (query.isPending) return <BranchPageSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <title>{pageTitle('Estate agent')}</title>
        <h1 className="text-2xl font-bold">This branch could not be loaded</h1>
        <p className="mt-3 text-muted-foreground">{errorMessage(query.error)}</p>
        <Button className="mt-6" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = query.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6 sm:px-6 lg:px-8">
      <title>{pageTitle(branchPageTitle(data.branch))}</title>
      <BranchHeader branch={data.branch} />
      <BranchListings data={data} slug={slug} loading={query.isPlaceholderData} cardActions={cardActions} />
    </div>
  );
}

/** Logo, name, departments and how to reach the branch; its hours and what it says about itself. */
function BranchHeader({ branch }: { branch: PublicBranch }) {
  const hoursId = useId();
  const aboutId = useId();
  const name = branchDisplayName(branch);
  const hours = describeBusinessHours(branch.businessHours);
  return (
    <header className="grid gap-6 rounded-xl border bg-card p-5 shadow-xs sm:p-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex flex-col gap-4">
        <div className="flex items-start gap-4">
          {branch.logoUrl && (
            <img
              src={branch.logoUrl}
              alt={`${branch.agencyName} logo`}
              width={80}
              height={80}
              className="size-20 shrink-0 rounded-lg border bg-white object-contain"
            />
          )}
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {branchDepartmentsLabel(branch)}
            </p>
            <h1 className="mt-1 text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl">
              {name}
            </h1>
            <p className="mt-1 text-sm text-muted-foreground">Ask for {branch.contactName}</p>
          </div>
        </div>
        <ContactDetails address={branch.address} phone={branch.phone} email={branch.email} name={name}>
          {branch.websiteUrl && (
            <li>
              <a
                href={branch.websiteUrl}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="inline-flex items-center gap-2 font-medium break-all text-primary underline-offset-4 hover:underline"
              >
                <Globe aria-hidden="true" className="size-4 shrink-0" />
                {new URL(branch.websiteUrl).host}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          )}
        </ContactDetails>
        {branch.bio && (
          <section aria-labelledby={aboutId}>
            <h2 id={aboutId} className="text-base font-semibold">
              About {name}
            </h2>
            <p className="mt-1 text-sm whitespace-pre-line text-muted-foreground">{branch.bio}</p>
          </section>
        )}
      </div>
      {hours.length > 0 && (
        <section aria-labelledby={hoursId} className="self-start rounded-lg bg-muted/50 p-4">
          <h2 id={hoursId} className="flex items-center gap-2 text-base font-semibold">
            <Clock aria-hidden="true" className="size-4" />
            Opening hours
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {hours.map((line) => (
              <div key={line.days} className="contents">
                <dt className="text-muted-foreground">{line.days}</dt>
                <dd>{line.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </header>
  );
}

/** The For sale / To rent tabs (links, so each is a page of its own) and the chosen tab's cards and pages. */
function BranchListings({
  data,
  slug,
  loading,
  cardActions,
}: {
  data: PublicBranchPage;
  slug: string;
  loading: boolean;
  cardActions?: ListingCardActions;
}) {
  const headingId = useId();
  const { branch, counts, mode, listings } = data;
  // A department the branch does not run is left out unless it still has listings of it.
  const modes = (['sale', 'rent'] as const).filter(
    (m) => m === mode || counts[m] > 0 || (m === 'sale' ? branch.handlesSales : branch.handlesLettings),
  );
  const pageCount = Math.max(1, Math.ceil(listings.total / listings.pageSize));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <nav aria-label="Listings of this branch" className="border-b">
        <ul className="-mb-px flex gap-1">
          {modes.map((m) => (
            <li key={m}>
              <Link
                to={paths.branch(slug, { mode: m })}
                aria-current={m === mode ? 'page' : undefined}
                aria-label={`${MODE_LABELS[m]}: ${properties(counts[m])}`}
                preventScrollReset
                className={cn(
                  'inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium transition-colors',
                  m === mode
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )}
              >
                {MODE_LABELS[m]}
                <span className="rounded-full bg-muted px-2 py-0.5 text-xs">
                  {counts[m].toLocaleString('en-GB')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 id={headingId} className="text-xl font-semibold" aria-live="polite">
        {homes(listings.total, mode)}
      </h2>
      {loading ? (
        <ListingListSkeleton layout="grid" />
      ) : listings.items.length === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" />}
          title={`Nothing ${mode === 'sale' ? 'for sale' : 'to rent'} right now`}
        >
          {branchDisplayName(branch)} has no {mode === 'sale' ? 'homes for sale' : 'homes to rent'} on Abode
          at the moment.
        </EmptyState>
      ) : (
        <ListingList listings={listings.items} layout="grid" actions={cardActions} />
      )}
      <PageLinks
        page={listings.page}
        pageCount={pageCount}
        hrefFor={(p) => paths.branch(slug, { mode, page: p })}
      />
    </section>
  );
}

function BranchPageSkeleton() {
  return (
    <div role="status" className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-6 sm:px-6 lg:px-8">
      <title>{pageTitle('Loading estate agent')}</title>
      <span className="sr-only">Loading branch…</span>
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-10 w-64" />
      <ListingListSkeleton layout="grid" />
    </div>
  );
}
