import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The search box waits this long (ms) after the last key before it searches (and updates `?q=`). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The URL-driven filters of a paged list page (`?q=` plus the page's own keys, and `?page=`). Owns the search box's
 * text and writes it, trimmed, to `?q=` once typing has paused for `SEARCH_DEBOUNCE_MS` (300 ms); `setFilter` sets
 * one key ('all' or '' deletes it) and goes back to page 1; `setPage` moves to a page keeping the filters;
 * `clearFilters` empties the box and the whole query; `hrefFor(page)` builds a PageLinks target (no `page=1`);
 * `pageCount` is how many pages `list` has (1 until it loads). Every write replaces the history entry.
 *
 * `q` is the current `?q=` as the page parses it (e.g. cut to its maximum length), so the box is compared with what
 * the query actually searched for.
 */
export function useUrlFilters<Key extends string = never>({
  q,
  list,
}: {
  q: string;
  /** The loaded page of results, if any. */
  list?: { total: number; pageSize: number };
}) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState(q);

  // React Router's functional setSearchParams hands every call the params of the last render, so two writes before
  // the next render would drop one another. Each write builds on the newest params instead: the last one written,
  // until the URL it led to (or any other) has rendered.
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const write = useCallback(
    (change: (params: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      // What setSearchParams does itself, minus the stale base.
      void navigate(`?${next}`, { replace: true });
    },
    [navigate],
  );

  // The last `?q=` this hook wrote. Any other change of `?q=` came from outside (a sidebar link, Back, a typed URL):
  // the box follows it, so the debounce below does not write the old text back over it.
  const writtenQ = useRef(q);
  useEffect(() => {
    if (q !== writtenQ.current) {
      writtenQ.current = q;
      setSearch(q);
    }
  }, [q]);

  /** Sets one filter and goes back to page 1 (page 7 of the old filter means nothing for the new one). */
  const setFilter = useCallback(
    (key: Key | 'q', value: string) =>
      write((params) => {
        if (key === 'q') writtenQ.current = value;
        if (value && value !== 'all') params.set(key, value);
        else params.delete(key);
        params.delete('page');
      }),
    [write],
  );

  /** Goes to `page`, keeping the filters. */
  const setPage = useCallback(
    (page: number) =>
      write((params) => {
        if (page > 1) params.set('page', String(page));
        else params.delete('page');
      }),
    [write],
  );

  /** Empties the search box and the whole query. */
  const clearFilters = useCallback(() => {
    setSearch('');
    writtenQ.current = '';
    write((params) => {
      for (const key of [...params.keys()]) params.delete(key);
    });
  }, [write]);

  /** Writes the box to `?q=` now (the search form's submit). */
  const submitSearch = () => setFilter('q', search.trim());

  // Debounce typing into the URL; the URL drives the query.
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === q) return;
    const timer = setTimeout(() => setFilter('q', trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, q, setFilter]);

  const hrefFor = (page: number) => {
    const next = new URLSearchParams(searchParams);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    const query = next.toString();
    return query ? `?${query}` : '?';
  };

  const pageCount = list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;

  return { search, setSearch, submitSearch, setFilter, setPage, clearFilters, hrefFor, pageCount };
}

/**
 * The URL's query and `edit`, which hands `change` a copy of the current params to edit and puts the result in the
 * URL, replacing the history entry as the list filters above do (for pages with a few choices of their own, such as
 * the analytics period).
 */
export function useEditParams() {
  const [params, setParams] = useSearchParams();
  const edit = useCallback(
    (change: (params: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, edit] as const;
}
