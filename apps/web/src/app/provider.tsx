import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@abode/shared/constants';
import { createQueryClient } from '#src/lib/query-client.ts';
import { AuthProvider } from '#src/lib/auth.tsx';
import { installGlobalErrorReporting } from '#src/lib/report-error.ts';

/**
 * App-wide providers: data cache and the toast region (SPEC §9 Notification UI); also reports errors nothing
 * caught as security events (SPEC §8 'Logged only').
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => installGlobalErrorReporting(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}

/** sonner's region: labelled 'Notifications', alt+T focuses it, each toast has a 'Close toast' button. */
export function AppToaster() {
  return (
    <Toaster
      containerAriaLabel="Notifications"
      hotkey={['altKey', 'KeyT']}
      closeButton
      position="bottom-right"
      duration={TOAST_DURATION_MS}
    />
  );
}
