/**
 * The signed-in client's saved homes as the API answers them (`GET /api/me/dashboard`, `/favourites`,
 * `/favourites/ids`, `/saved-searches`, `/recent-views`): the client dashboard and the favourites and saved-searches
 * pages read the same five.
 */
import { http, HttpResponse } from 'msw';
import type {
  DashboardSummary,
  Favourite,
  RecentView,
  SavedSearch,
} from '@abode/shared/client/client.schema';
import { server } from '#src/testing/server.ts';

export interface ClientSavedHomes {
  favourites?: Favourite[];
  savedSearches?: SavedSearch[];
  recentViews?: RecentView[];
  /** The dashboard's counts; by default those of the lists above. */
  dashboard?: DashboardSummary;
}

/**
 * Answers the five `/api/me` reads with `homes` (every list empty unless given); the hearts' ids are those of the
 * favourites.
 */
export function answerSavedHomes({
  favourites = [],
  savedSearches = [],
  recentViews = [],
  dashboard = {
    favourites: favourites.length,
    savedSearches: savedSearches.length,
    recentViews: recentViews.length,
    activeAlerts: savedSearches.filter((s) => s.emailAlerts).length,
  },
}: ClientSavedHomes = {}) {
  server.use(
    http.get('/api/me/dashboard', () => HttpResponse.json(dashboard)),
    http.get('/api/me/favourites', () => HttpResponse.json({ items: favourites })),
    http.get('/api/me/favourites/ids', () =>
      HttpResponse.json({ propertyIds: favourites.map((f) => f.listing.id) }),
    ),
    http.get('/api/me/saved-searches', () => HttpResponse.json({ items: savedSearches })),
    http.get('/api/me/recent-views', () => HttpResponse.json({ items: recentViews })),
  );
}
