import { isApiError } from '#src/lib/api-error.ts';

/**
 * What stopped a bulk action, for its error toast: the API's reason per row ('Garden flat: Add at least one photo
 * before publishing'), the first three and how many more.
 */
export function bulkFailureReason(error: unknown): string | undefined {
  if (!isApiError(error) || error.details.length === 0) return undefined;
  const shown = error.details.slice(0, 3).map((d) => d.message);
  const more = error.details.length - shown.length;
  return [...shown, ...(more > 0 ? [`and ${more} more`] : [])].join('; ');
}
