import { MESSAGES } from '@abode/shared/messages';

/** REQ-SEARCH-06: the minimum must not exceed the maximum (either may be absent). */
export function isPriceRangeInverted(minPrice: number | undefined, maxPrice: number | undefined): boolean {
  return minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
}

/**
 * The REQ-SITE-11 message, as an error toast. One id, so repeated attempts do not stack copies. sonner is imported on
 * demand: the home page's search bar uses this, and sonner stays out of the first bundle (REQ-PERF-05).
 */
export function notifyInvalidPriceRange(): void {
  void import('sonner').then(({ toast }) =>
    toast.error(MESSAGES.invalidPriceRangeTitle, {
      id: 'invalid-price-range',
      description: MESSAGES.invalidPriceRange,
    }),
  );
}
