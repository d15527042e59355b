/**
 * '?location=Reading&filters=garden,parking' from search parameters. URLSearchParams encodes commas as %2C; the
 * filters list is comma-separated (REQ-SEARCH-09) and commas are legal in a query, so they are kept readable.
 */
export function toSearchString(params: URLSearchParams): string {
  const query = params.toString().replace(/%2C/gi, ',');
  return query ? `?${query}` : '';
}
