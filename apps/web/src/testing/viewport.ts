import { vi } from 'vitest';

/**
 * Makes every `max-width` media query match, so `useIsMobile` picks the layout below 768 px (SPEC mobile
 * breakpoint). The setup's `vi.restoreAllMocks()` undoes it after each test.
 */
export function stubMobileViewport() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
