import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '#src/lib/query-client.ts';
import { whenIdleAfterPaint } from '#src/lib/after-next-paint.ts';
import { AuthProvider } from '#src/lib/auth.tsx';
import { installGlobalErrorReporting } from '#src/lib/report-error.ts';

// sonner (about 9 KB gzip) is not in the first bundle: the toast region loads once the first screen has painted and
// the page is idle (REQ-PERF). A toast raised before it arrives is not lost: sonner replays the active toasts to a Toaster when it
// mounts.
const AppToaster = lazy(() =>
  loadWhenOnline(() => import('#src/app/app-toaster.tsx')).then((m) => ({ default: m.AppToaster })),
);

/**
 * `load()`, tried again each time the browser comes back online while it fails: a browser that went offline before
 * the toast region's code arrived would otherwise throw from the lazy component and blank the whole app (REQ-SITE-11).
 * It never rejects; until it loads, the pages' own error states speak.
 */
function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        window.addEventListener('online', () => void loadWhenOnline(load).then(resolve), { once: true });
      }),
  );
}

/**
 * App-wide providers: data cache and the toast region (REQ-SITE-11); also reports errors nothing
 * caught as security events (REQ-MSG-12).
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => installGlobalErrorReporting(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <DeferredToaster />
    </QueryClientProvider>
  );
}

function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleAfterPaint(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
