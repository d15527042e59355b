/**
 * BLM imports in the agent portal (REQ-FEED-07): `POST /api/agent/feeds/blm` sends a file from the Bulk upload screen
 * (multipart, with progress), `GET /api/agent/feeds/imports` lists the agency's imports and
 * `GET /api/agent/feeds/imports/{id}` gives one's report. Keyed under `agentKeys.feedImports()`; an import also
 * refreshes the listings it wrote.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FeedImportListSchema,
  FeedImportReportSchema,
  type FeedImportReport,
} from '@abode/shared/feeds/feed-report.schema';
import { uploadFile } from '#src/lib/upload-file.ts';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';
import { BULK_UPLOAD_TEXT } from '../utils/upload-form.ts';

const IMPORTS = '/api/agent/feeds/imports';
export const BLM_UPLOAD_PATH = '/api/agent/feeds/blm';

export function feedImportsQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.feedImports(),
    queryFn: ({ signal }) => apiRequest(IMPORTS, { schema: FeedImportListSchema, signal }),
  });
}

export function feedImportQueryOptions(id: string) {
  return queryOptions({
    queryKey: agentKeys.feedImport(id),
    // An import's report is written once and never changes.
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      apiRequest(`${IMPORTS}/${encodeURIComponent(id)}`, { schema: FeedImportReportSchema, signal }),
  });
}

/** The agency's latest imports, newest first. */
export function useFeedImports() {
  return useQuery(feedImportsQueryOptions());
}

/** One import's report (none asked for while `id` is null). */
export function useFeedImport(id: string | null) {
  return useQuery({ ...feedImportQueryOptions(id ?? ''), enabled: id !== null });
}

export interface BlmUpload {
  file: File;
  /** The branch (uuid) for rows whose BRANCH_ID is not mapped; left out: the member's default branch. */
  branchId?: string | undefined;
  /** Withdraw the listings of the file's branches that earlier files sent and this one lacks. */
  withdrawAbsent: boolean;
}

/**
 * Sends a `.blm` or `.zip` to `POST /api/agent/feeds/blm`, reporting progress (0–100), and resolves with the import's
 * report. Rejects with the API's ApiError (its message in words), or an AbortError when `signal` aborts.
 */
export function uploadBlm(
  { file, branchId, withdrawAbsent }: BlmUpload,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<FeedImportReport> {
  return uploadFile(BLM_UPLOAD_PATH, {
    file,
    fields: { ...(branchId ? { branchId } : {}), withdrawAbsent: String(withdrawAbsent) },
    schema: FeedImportReportSchema,
    onProgress,
    tooLargeMessage: BULK_UPLOAD_TEXT.tooLarge,
    ...(signal ? { signal } : {}),
  });
}

/** After an import: keeps its report for the screen, and refreshes the history and the listings it wrote. */
export function useStoreImport() {
  const queryClient = useQueryClient();
  return (report: FeedImportReport) => {
    queryClient.setQueryData(agentKeys.feedImport(report.id), report);
    void queryClient.invalidateQueries({ queryKey: agentKeys.feedImports() });
    void queryClient.invalidateQueries({ queryKey: agentKeys.listings() });
    void queryClient.invalidateQueries({ queryKey: agentKeys.dashboard() });
  };
}
