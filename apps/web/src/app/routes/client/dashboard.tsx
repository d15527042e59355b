import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Bell, Bookmark, Eye, Heart } from 'lucide-react';
import { MESSAGES } from '@abode/shared/messages';
import { listingCardActions } from '#src/app/listing-card-actions.tsx';
import { ListingCard } from '#src/components/listing-card/listing-card.tsx';
import { ListingList, ListingListSkeleton } from '#src/components/listing-card/listing-list.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { StatCardGrid } from '#src/components/ui/stat-card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#src/components/ui/tabs.tsx';
import { paths } from '#src/config/paths.ts';
import { useFavourites } from '#src/features/favourites/api/favourites.ts';
import {
  useDashboardSummary,
  useRecentViews,
  useSavedSearches,
} from '#src/features/saved-homes/api/saved-searches.ts';
import { SearchEmptyState } from '#src/features/saved-homes/components/client-notice.tsx';
import { SavedSearchCard } from '#src/features/saved-homes/components/saved-search-card.tsx';
import { SavedSearchSkeletons } from '#src/features/saved-homes/components/saved-search-skeletons.tsx';
import { viewedAgo } from '#src/features/saved-homes/utils/viewed-ago.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { showErrorToast } from '#src/lib/error-toast.ts';

const TABS = ['favourites', 'saved-searches', 'recent-views'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

/**
 * /dashboard (REQ-CLIENT-13): a greeting, counts of favourites, saved searches, recent views and active
 * alerts, and tabs with each list (recent views: the latest 6). The open tab is kept in the URL (`?tab=`) so it
 * survives a reload and can be linked. A failed load says 'Failed to load dashboard data' and offers a retry.
 */
export function DashboardRoute() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'favourites';

  const summary = useDashboardSummary();
  const favourites = useFavourites();
  const savedSearches = useSavedSearches();
  const recentViews = useRecentViews();
  const queries = [summary, favourites, savedSearches, recentViews];
  const failed = queries.some((q) => q.isError);

  useEffect(() => {
    if (failed) showErrorToast(MESSAGES.dashboardLoadFailed, { id: 'dashboard-load-failed' });
  }, [failed]);

  const retry = () => {
    for (const q of queries) if (q.isError) void q.refetch();
  };

  const counts = summary.data;
  const name = user?.firstName?.trim();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <title>Dashboard · Abode</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {name ? `Welcome back, ${name}` : 'Welcome back'}
        </h1>
        <p className="text-muted-foreground">
          Your favourite homes, saved searches and recently viewed homes.
        </p>
      </div>

      {failed && <LoadFailed message={MESSAGES.dashboardLoadFailed} onRetry={retry} />}

      <StatCardGrid
        failed={summary.isError}
        cards={[
          { icon: <Heart aria-hidden="true" />, label: 'Favourites', value: counts?.favourites },
          { icon: <Bookmark aria-hidden="true" />, label: 'Saved Searches', value: counts?.savedSearches },
          { icon: <Eye aria-hidden="true" />, label: 'Recent Views', value: counts?.recentViews },
          { icon: <Bell aria-hidden="true" />, label: 'Active Alerts', value: counts?.activeAlerts },
        ]}
      />

      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (!isTab(value)) return;
          const next = new URLSearchParams(searchParams);
          if (value === 'favourites') next.delete('tab');
          else next.set('tab', value);
          setSearchParams(next, { replace: true });
        }}
      >
        <TabsList aria-label="Your homes and searches">
          <TabsTrigger value="favourites">Favourites</TabsTrigger>
          <TabsTrigger value="saved-searches">Saved Searches</TabsTrigger>
          <TabsTrigger value="recent-views">Recent Views</TabsTrigger>
        </TabsList>

        <TabsContent value="favourites">
          {favourites.data ? (
            favourites.data.items.length === 0 ? (
              <SearchEmptyState icon={<Heart aria-hidden="true" />} title="No favourites yet">
                Press the heart on any property to keep it here and come back to it later.
              </SearchEmptyState>
            ) : (
              <ListingList
                listings={favourites.data.items.map((f) => f.listing)}
                layout="grid"
                actions={listingCardActions}
              />
            )
          ) : (
            !favourites.isError && <ListingListSkeleton layout="grid" />
          )}
        </TabsContent>

        <TabsContent value="saved-searches" className="flex flex-col gap-4">
          {savedSearches.data ? (
            savedSearches.data.items.length === 0 ? (
              <SearchEmptyState icon={<Bookmark aria-hidden="true" />} title="No saved searches yet">
                Search for homes, then press Save Search to keep the search here and get e-mail alerts of new
                matches.
              </SearchEmptyState>
            ) : (
              <>
                <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                  {savedSearches.data.items.map((savedSearch) => (
                    <li key={savedSearch.id}>
                      <SavedSearchCard savedSearch={savedSearch} />
                    </li>
                  ))}
                </ul>
                <Button asChild variant="link" className="self-start px-0">
                  <Link to={paths.savedSearches}>Rename searches and manage alerts</Link>
                </Button>
              </>
            )
          ) : (
            !savedSearches.isError && <SavedSearchSkeletons count={3} />
          )}
        </TabsContent>

        <TabsContent value="recent-views">
          {recentViews.data ? (
            recentViews.data.items.length === 0 ? (
              <SearchEmptyState icon={<Eye aria-hidden="true" />} title="No recently viewed homes">
                The last homes you open appear here, so you can find them again.
              </SearchEmptyState>
            ) : (
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {recentViews.data.items.map(({ listing, viewedAt }) => (
                  <li key={listing.id}>
                    <ListingCard listing={listing} actions={listingCardActions}>
                      <p className="text-xs text-muted-foreground">
                        <time dateTime={viewedAt}>{viewedAgo(viewedAt)}</time>
                      </p>
                    </ListingCard>
                  </li>
                ))}
              </ul>
            )
          ) : (
            !recentViews.isError && <ListingListSkeleton layout="grid" />
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
