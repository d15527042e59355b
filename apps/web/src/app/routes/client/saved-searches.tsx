import { Bookmark } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { useSavedSearches } from '#src/features/saved-homes/api/saved-searches.ts';
import { SearchEmptyState } from '#src/features/saved-homes/components/client-notice.tsx';
import { SavedSearchCard } from '#src/features/saved-homes/components/saved-search-card.tsx';
import { SavedSearchSkeletons } from '#src/features/saved-homes/components/saved-search-skeletons.tsx';

/**
 * /saved-searches (REQ-SITE-01): each saved search with Run Search, rename, the e-mail alerts switch and
 * frequency, and Delete with confirmation. `?open={id}` (the save dialog's 'Open saved search') brings that one
 * into view.
 */
export function SavedSearchesRoute() {
  const savedSearches = useSavedSearches();
  const [params] = useSearchParams();
  const openId = params.get('open');
  const items = savedSearches.data?.items;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <title>Saved Searches · Abode</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Saved Searches</h1>
        <p className="text-muted-foreground">
          Run a search again in one click, and get an e-mail when new homes match it.
        </p>
      </div>
      {savedSearches.isError ? (
        <LoadFailed
          message="We could not load your saved searches."
          onRetry={() => void savedSearches.refetch()}
        />
      ) : !items ? (
        <SavedSearchSkeletons />
      ) : items.length === 0 ? (
        <SearchEmptyState icon={<Bookmark aria-hidden="true" />} title="No saved searches yet">
          Search for homes, then press Save Search to keep the search here and get e-mail alerts of new
          matches.
        </SearchEmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((savedSearch) => (
            <li key={savedSearch.id}>
              <SavedSearchCard savedSearch={savedSearch} manage highlight={savedSearch.id === openId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
