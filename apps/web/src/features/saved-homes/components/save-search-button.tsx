import { Bookmark } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '@abode/shared/messages';
import type { SearchFilters } from '@abode/shared/search/search.schema';
import { Button } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';
import { useCreateSavedSearch } from '#src/features/saved-homes/api/saved-searches.ts';
import { promptSignInToSaveSearch } from '#src/features/saved-homes/utils/prompt-sign-in.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { errorMessage } from '#src/lib/query-client.ts';

/**
 * Only the filter object (SPEC §3), all of it: where (location, radius, map area, drawn area) and what (mode, type,
 * prices, rooms, must-haves, keywords, freshness, statuses, 'Don't show'). Paging, sort and the view are not part
 * of a saved search.
 */
export function filterObject(f: SearchFilters): SearchFilters {
  const {
    location,
    radius,
    bounds,
    polygon,
    mode,
    type,
    minPrice,
    maxPrice,
    bedrooms,
    bathrooms,
    filters,
    exclude,
    keywords,
    added,
    includeUnderOffer,
    includeLetAgreed,
  } = f;
  const all = {
    location,
    radius,
    bounds,
    polygon,
    mode,
    type,
    minPrice,
    maxPrice,
    bedrooms,
    bathrooms,
    filters,
    exclude,
    keywords,
    added,
    includeUnderOffer,
    includeLetAgreed,
  };
  // Absent filters stay absent (JSON would drop them anyway; tests and logs read better without them).
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as SearchFilters;
}

/**
 * The label of a search without a location: the server would call it 'Search in All Areas', which a drawn or
 * map area is not. With a location the server's default ('Search in {location}') stands.
 */
export function areaLabel(f: SearchFilters): string | undefined {
  if (f.location) return undefined;
  if (f.polygon) return 'Search in a drawn area';
  if (f.bounds) return 'Search in a map area';
  return undefined;
}

/**
 * Save Search (SPEC §2 Search page): stores the current filters with the default label and instant e-mail alerts,
 * then offers 'Manage' to rename it or change the alerts. Signed out, it says saving needs an account (SPEC §5).
 */
export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const { currentUser } = useAuth();
  const navigate = useNavigate();
  const create = useCreateSavedSearch();

  const onClick = async () => {
    if (!(await currentUser())) {
      promptSignInToSaveSearch();
      return;
    }
    const label = areaLabel(filters);
    create.mutate(
      { searchParams: filterObject(filters), ...(label ? { label } : {}) },
      {
        onSuccess: () =>
          toast.success(MESSAGES.searchSavedTitle, {
            description: MESSAGES.searchSaved,
            action: { label: 'Manage', onClick: () => void navigate(paths.savedSearches) },
          }),
        // The server's reason helps here, e.g. the saved-search limit or an inverted price range.
        onError: (error) => toast.error(MESSAGES.saveSearchFailed, { description: errorMessage(error) }),
      },
    );
  };

  return (
    <Button variant="outline" onClick={onClick} disabled={create.isPending}>
      <Bookmark aria-hidden="true" />
      Save Search
    </Button>
  );
}
