import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ListingMode, LocationSuggestion } from '@abode/shared/listings/listing.schema';

/** Wait this long after the last keystroke before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 180;
/** Fewer characters than this suggest nothing (one letter matches half the country). */
export const SUGGEST_MIN_CHARS = 2;
/** Suggestions stay fresh for an hour (the API answers with `Cache-Control: public, max-age=3600`). */
const SUGGESTIONS_FRESH_MS = 60 * 60 * 1000;

/** `value`, once it has stayed the same for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** The query text the suggestions are asked for: trimmed, case-folded (the API matches case-insensitively). */
export function suggestionQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Location suggestions for the text in a location box, debounced, through the TanStack Query cache (key
 * `['locations', mode, q]`, fresh for an hour like the API's Cache-Control); `mode` (Buy or Rent) is the homes each
 * suggestion counts (REQ-PLACE-02), both when absent. It calls `fetchQuery` from an effect rather
 * than `useQuery`, and loads the fetcher (zod and the API client) on the first keystroke: the home page's first
 * bundle stays as small as before (REQ-PERF-05 budget). While the next answer loads, the last one stays shown.
 */
export function useLocationSuggestions(
  text: string,
  { enabled = true, mode }: { enabled?: boolean; mode?: ListingMode | undefined } = {},
) {
  const client = useQueryClient();
  // Only typed text is debounced: a value the page filled in must not be asked about the moment typing starts.
  const q = suggestionQuery(useDebouncedValue(enabled ? text : '', SUGGEST_DEBOUNCE_MS));
  const [answer, setAnswer] = useState<{
    q: string;
    mode: ListingMode | undefined;
    items: LocationSuggestion[];
  }>({
    q: '',
    mode,
    items: [],
  });
  const wanted = enabled && q.length >= SUGGEST_MIN_CHARS;

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    client
      .fetchQuery({
        queryKey: ['locations', mode ?? 'all', q],
        queryFn: async ({ signal }) => {
          const { getLocationSuggestions } =
            await import('#src/features/search/api/get-location-suggestions.ts');
          // The box may have moved on while the module loaded.
          signal.throwIfAborted();
          return getLocationSuggestions(q, { mode, signal });
        },
        staleTime: SUGGESTIONS_FRESH_MS,
        // A failed suggestion list is not worth a retry or a toast: the box still searches without it.
        retry: false,
      })
      .then(
        (result) => {
          if (current) setAnswer({ q, mode, items: result.items });
        },
        () => {
          if (current) setAnswer({ q, mode, items: [] });
        },
      );
    return () => {
      current = false;
    };
  }, [client, q, mode, wanted]);

  return {
    items: q.length >= SUGGEST_MIN_CHARS ? answer.items : [],
    isFresh: answer.q === q && answer.mode === mode,
  };
}
