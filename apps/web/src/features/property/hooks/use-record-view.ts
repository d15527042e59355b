import { useEffect, useRef } from 'react';
import { recordPropertyView } from '#src/features/property/api/get-property.ts';
import { whenIdleAfterPaint } from '#src/lib/after-next-paint.ts';

/**
 * Records one visit of the listing `slug` per page load (REQ-LISTING-09: once per visit, not per re-render). The ref
 * remembers the slug already sent, so StrictMode's doubled effects (the first one's send is cancelled before it
 * leaves) and later re-renders send nothing more, while moving to another listing sends again. `enabled` waits until the listing is known to be public.
 */
export function useRecordView(slug: string, enabled: boolean): void {
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || sentFor.current === slug) return;
    // Sent once the page is on screen and idle, so it does not compete with the listing's photo (REQ-PERF).
    return whenIdleAfterPaint(() => {
      if (sentFor.current === slug) return;
      sentFor.current = slug;
      // A visit that fails to count is not worth bothering the visitor about.
      recordPropertyView(slug).catch(() => undefined);
    });
  }, [slug, enabled]);
}
