import { vi } from 'vitest';

/** A `MediaQueryList` for `query` that answers `matches` and never changes (jsdom has no layout to query). */
export function staticMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/**
 * Makes every `max-width` media query match, so `useIsMobile` picks the layout below 768 px (REQ-SITE-03 mobile
 * breakpoint). The setup's `vi.restoreAllMocks()` undoes it after each test.
 */
export function stubMobileViewport() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    staticMediaQueryList(query, query.includes('max-width')),
  );
}
