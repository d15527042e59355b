import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@abode/shared/auth/me.schema';
import { MESSAGES } from '@abode/shared/messages';
import { afterNextPaint } from '#src/lib/after-next-paint.ts';
import { ApiError } from '#src/lib/api-error.ts';
import { takeEarlyFetch } from '#src/lib/early-fetch.ts';
import { sessionKeys } from '#src/lib/query-keys.ts';

/** `GET /api/me`; a type-only import, so zod stays out of the home page's bundle. */
export type { Me };

const meQueryKey = sessionKeys.me();

/** Where this tab keeps why its session ended, for /auth to say (REQ-AUTH-14): only a suspension is told so far. */
const SESSION_ENDED_KEY = 'abode:session-ended';

/** The SPEC text of why this tab's last session ended ('This account has been suspended…'), or null. */
export function sessionEndedMessage(): string | null {
  try {
    return sessionStorage.getItem(SESSION_ENDED_KEY);
  } catch {
    return null;
  }
}

function noteSessionEnded(message: string | null): void {
  try {
    if (message) sessionStorage.setItem(SESSION_ENDED_KEY, message);
    else sessionStorage.removeItem(SESSION_ENDED_KEY);
  } catch {
    // Storage refused (private mode): /auth just does not say why.
  }
}

function isMe(body: unknown): body is Me {
  if (!body || typeof body !== 'object' || !('user' in body)) return false;
  const { user } = body as { user: unknown };
  return (
    !!user &&
    typeof user === 'object' &&
    typeof (user as Me['user']).id === 'string' &&
    typeof (user as Me['user']).email === 'string'
  );
}

/** The better-auth client, loaded on demand (keeps it out of the first bundle). */
export const loadAuthClient = () => import('#src/lib/auth-client.ts').then((m) => m.authClient);

/**
 * null when signed out (401); a 401 ACCOUNT_SUSPENDED also notes why for /auth. A 200 whose body is not a `Me` throws
 * (INVALID_RESPONSE, REQ-MSG-01 unknown text) rather than passing for signed out. Plain fetch: the zod-checked client is
 * not needed for this one small call.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  // A portal page's route asks at navigation when the app opens on it (route-prefetch.ts): take that answer.
  const response = await (takeEarlyFetch('/api/me') ??
    fetch('/api/me', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal,
    }));
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (error?.code === 'ACCOUNT_SUSPENDED' && typeof error.message === 'string')
      noteSessionEnded(error.message);
    return null;
  }
  if (!response.ok)
    throw new ApiError(`HTTP_${response.status}`, response.status, 'Could not load your account');
  if (!isMe(body)) throw new ApiError('INVALID_RESPONSE', response.status, MESSAGES.unknown);
  return body;
}

const meQueryOptions = {
  queryKey: meQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMe(signal),
  staleTime: 60_000,
  // Kept for the whole visit: the header reads it on every page.
  gcTime: Infinity,
  // 401 is an answer (signed out); a server that is down gets one more try before the guards decide.
  retry: 1,
  // Offline, who is signed in is not known: wait for the connection rather than count a failed fetch as signed out.
  networkMode: 'online' as const,
};

/** Other tabs of the site hear of a sign-in or sign-out here (REQ-AUTH-13), so none keeps showing a finished session. */
const SESSION_CHANNEL = 'abode-session';
type SessionMessage = { type: 'signed-in' | 'signed-out' };

function announce(message: SessionMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/**
 * Forgets the signed-in user in this tab: ['me'] becomes null (the guards send protected pages to /auth) and
 * everything cached for them goes. With `broadcast`, the site's other tabs do the same.
 */
export function forgetSession(queryClient: QueryClient, { broadcast = false } = {}): void {
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
  if (broadcast) announce({ type: 'signed-out' });
}

/**
 * A request answered 401: if this tab still shows someone signed in, ask /api/me again, so a session that ended
 * elsewhere (signed out, suspended, expired) shows as such instead of failing action after action.
 */
export function recheckSessionAfter401(queryClient: QueryClient): void {
  if (queryClient.getQueryData<Me | null>(meQueryKey)?.user)
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

/**
 * The source of truth for who is signed in and their role (TanStack Query cache, `sessionKeys.me()`). Read through the
 * query cache directly rather than `useQuery`, whose observer code would otherwise join the home page's first bundle.
 * Fetches on mount when missing or stale, when the tab regains focus (a session can end elsewhere), and whenever the
 * key is invalidated: with no observer, TanStack Query would otherwise only mark it stale, and a saved name would
 * not reach the header until a reload (REQ-SITE-04). Used once, by {@link AuthProvider}; read it through `useAuth`.
 */
function useMe(): { data: Me | null | undefined; isPending: boolean; isError: boolean } {
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
    // Asked right after the first paint, which does not need it (the header stays neutral meanwhile), so on a slow
    // phone the request does not compete with the page's own code (REQ-PERF).
    const cancel = afterNextPaint(load);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'invalidate' &&
        event.query.queryKey[0] === meQueryKey[0]
      )
        load();
    });
    window.addEventListener('focus', load);
    return () => {
      cancel();
      unsubscribe();
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

/** Where a user lands after sign-in (REQ-AUTH-08): agents, then admins, then everyone else. */
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
    const answer = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    if (answer) {
      noteSessionEnded(null);
      announce({ type: 'signed-in' });
    }
    return answer;
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
    // Everything cached for the previous user goes with them, here and in the site's other tabs.
    forgetSession(queryClient, { broadcast: true });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  // A sign-out in another tab ends this one's view of the session at once; a sign-in there is re-read here.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (event: MessageEvent<SessionMessage>) => {
      if (event.data?.type === 'signed-out') forgetSession(queryClient);
      else if (event.data?.type === 'signed-in') void queryClient.invalidateQueries({ queryKey: meQueryKey });
    };
    return () => channel.close();
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
