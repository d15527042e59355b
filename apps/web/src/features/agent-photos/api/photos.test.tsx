/**
 * Photo changes refresh what shows the photos (REQ-AGENT-09): the agent's listing table (main photo) and the edit page
 * live under `agentKeys.listings()`, which the photo mutations used to miss by invalidating another key.
 */
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { http, HttpResponse } from 'msw';
import {
  useReorderPhotos,
  useRefreshPhotos,
  useSetMainPhoto,
} from '#src/features/agent-photos/api/photos.ts';
import { agentKeys } from '#src/lib/query-keys.ts';
import { server } from '#src/testing/server.ts';
import { createTestQueryClient } from '#src/testing/test-utils.tsx';

const LISTING = 'listing-1';

const PHOTOS = `/api/agent/properties/${LISTING}/photos`;

function setup() {
  // The answers of a reorder and of a new main photo: the photos in their new order (none here).
  server.use(
    http.put(`${PHOTOS}/order`, () => HttpResponse.json({ items: [] })),
    http.post(`${PHOTOS}/:photoId/main`, () => HttpResponse.json({ items: [] })),
  );
  const queryClient = createTestQueryClient();
  const list = agentKeys.listingList({ q: '', status: 'all', mode: 'all', page: 1 });
  queryClient.setQueryData(list, { items: [] });
  queryClient.setQueryData(agentKeys.listing(LISTING), { id: LISTING });
  queryClient.setQueryData(agentKeys.dashboard(), { stats: {} });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const stale = () =>
    [list, agentKeys.listing(LISTING), agentKeys.dashboard()].map(
      (key) => queryClient.getQueryState(key)?.isInvalidated,
    );
  return { wrapper, stale };
}

test('an upload (refresh), a reorder and a new main photo each refresh the table, the edit page and the dashboard', async () => {
  for (const change of ['upload', 'reorder', 'main'] as const) {
    const { wrapper, stale } = setup();
    expect(stale()).toEqual([false, false, false]);
    if (change === 'upload') {
      const { result } = renderHook(() => useRefreshPhotos(LISTING), { wrapper });
      await act(() => result.current());
    } else if (change === 'reorder') {
      const { result } = renderHook(() => useReorderPhotos(LISTING), { wrapper });
      await act(() => result.current.mutateAsync([]));
    } else {
      const { result } = renderHook(() => useSetMainPhoto(LISTING), { wrapper });
      await act(() => result.current.mutateAsync('photo-1'));
    }
    expect(stale()).toEqual([true, true, true]);
  }
});
