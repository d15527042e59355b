import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Me } from '@abode/shared/auth/me.schema';
import { afterNextPaint } from '#src/lib/after-next-paint.ts';
import { ApiError } from '#src/lib/api-error.ts';

/** `GET /api/me`; a type-only import, so zod stays out of the home page's bundle. */
export type { Me };

export const meQueryKey = ['me'] as const;

/** The better-auth client, loaded on demand (keeps it out of the first bundle). */
export const loadAuthClient = () => import('#src/lib/auth-client.ts').then((m) => m.authClient);

/** null when signed out (401). Plain fetch: the zod-checked client is not needed for this one small call. */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  const response = await fetch('/api/me', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (response.status === 401) return null;
  if (!response.ok)
    throw new ApiError(`HTTP_${response.status}`, response.status, 'Could not load your account');
  const body = (await response.json()) as Me | null;
  return body && typeof body === 'object' && 'user' in body ? body : null;
}

const meQueryOptions = {
  queryKey: meQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMe(signal),
  staleTime: 60_000,
  // Kept for the whole visit: the header reads it on every page.
  gcTime: Infinity,
  // 401 is an answer (signed out); a server that is down gets one more try before the guards decide.
  retry: 1,
};

/**
 * The source of truth for who is signed in and their role (TanStack Query cache, key ['me']). Read through the query
 * cache directly rather than `useQuery`, whose observer code would otherwise join the home page's first bundle.
 * Fetches on mount when missing or stale, and again when the tab regains focus (a session can end elsewhere).
 */
export function useMe(): { data: Me | null | undefined; isPending: boolean; isError: boolean } {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === meQueryKey[0]) onChange();
      }),
    [queryClient],
  );
  const getState = () => queryClient.getQueryState<Me | null>(meQueryKey);
  const state = useSyncExternalStore(subscribe, getState, getState);

  useEffect(() => {
    const load = () => void queryClient.fetchQuery(meQueryOptions).catch(() => undefined);
    // Asked right after the first paint, which does not need it (the header shows Sign In meanwhile), so on a slow
    // phone the request does not compete with the page's own code (issue #9).
    const cancel = afterNextPaint(load);
    window.addEventListener('focus', load);
    return () => {
      cancel();
      window.removeEventListener('focus', load);
    };
  }, [queryClient]);

  return {
    data: state?.data,
    isPending: state === undefined || state.data === undefined,
    isError: state?.status === 'error',
  };
}

export type DashboardPath = '/agent/dashboard' | '/admin/dashboard' | '/dashboard';

/** Where a user lands after sign-in (DESIGN §7): agents, then admins, then everyone else. */
export function homeFor(me: Me | null | undefined): DashboardPath {
  if (me?.user.role === 'agent') return '/agent/dashboard';
  if (me?.isAdmin) return '/admin/dashboard';
  return '/dashboard';
}

interface AuthContextValue {
  me: Me | null;
  user: Me['user'] | null;
  /** True until the first answer of /api/me. */
  isLoading: boolean;
  isAgent: boolean;
  isAdmin: boolean;
  /**
   * Who is signed in, once /api/me has answered: at once when it has, else after the request in flight. For actions a
   * visitor can take before that answer (a heart pressed right after a page load must not say 'sign in' to a user
   * who is signed in). A failed /api/me counts as signed out.
   */
  currentUser: () => Promise<Me['user'] | null>;
  /** Re-reads /api/me (after sign-in) and returns it. */
  refresh: () => Promise<Me | null>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useMe();
  const me = data ?? null;

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    return queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
  }, [queryClient]);

  const currentUser = useCallback(
    () =>
      queryClient.fetchQuery(meQueryOptions).then(
        (answer) => answer?.user ?? null,
        () => null,
      ),
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const client = await loadAuthClient();
    await client.signOut();
    queryClient.setQueryData(meQueryKey, null);
    // Everything cached for the previous user goes with them.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      me,
      user: me?.user ?? null,
      // A failed /api/me (server down) counts as signed out rather than an endless spinner.
      isLoading: isPending && !isError,
      isAgent: me?.user.role === 'agent',
      isAdmin: me?.isAdmin ?? false,
      currentUser,
      refresh,
      signOut,
    }),
    [me, isPending, isError, currentUser, refresh, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
