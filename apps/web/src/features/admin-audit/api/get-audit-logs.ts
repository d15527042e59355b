/**
 * The audit log (`GET /api/admin/audit-logs`, REQ-ADMIN), keyed ['admin', 'audit-logs', query string]: one page of 50
 * entries with the filters of the page's URL. The previous page stays on screen while the next loads.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_MESSAGES, AuditLogListSchema } from '@abode/shared/admin/audit.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { adminKeys } from '#src/lib/query-keys.ts';

/** The URL parameters the API understands; anything else in the page URL is not sent. */
export const AUDIT_FILTER_KEYS = [
  'eventType',
  'action',
  'severity',
  'user',
  'ip',
  'from',
  'to',
  'q',
  'page',
] as const;

/** The API query of a page URL's search parameters (empty values dropped). */
export function auditParams(search: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = search.get(key)?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

export function useAuditLogs(search: URLSearchParams) {
  const params = auditParams(search);
  return useQuery({
    queryKey: adminKeys.auditLogs(params.toString()),
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/audit-logs', { params, schema: AuditLogListSchema, signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: AUDIT_MESSAGES.loadFailed },
  });
}
