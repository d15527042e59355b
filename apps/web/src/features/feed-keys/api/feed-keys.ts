/**
 * Settings › Listing feeds (ADR 030): the keys a CRM sends (`/api/agent/api-keys`, key `agentKeys.feedKeys()`) and
 * the CRM's BLM branch codes (`/api/agent/feed-branch-codes`, key `agentKeys.feedBranchCodes()`), each mutation
 * refreshing its list when done.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CreatedFeedKeySchema,
  FEED_KEY_MESSAGES,
  FeedBranchCodeListSchema,
  FeedBranchCodeSchema,
  FeedKeyListSchema,
  FeedKeySchema,
  type CreateFeedKeyInput,
  type PutFeedBranchCodeInput,
  type UpdateFeedKeyInput,
} from '@abode/shared/feeds/feed-keys.schema';
import { apiRequest } from '#src/lib/api-client.ts';
import { agentKeys } from '#src/lib/query-keys.ts';

export function useFeedKeys() {
  return useQuery({
    queryKey: agentKeys.feedKeys(),
    queryFn: ({ signal }) => apiRequest('/api/agent/api-keys', { schema: FeedKeyListSchema, signal }),
    meta: { errorMessage: FEED_KEY_MESSAGES.loadFailed },
  });
}

export function useFeedBranchCodes() {
  return useQuery({
    queryKey: agentKeys.feedBranchCodes(),
    queryFn: ({ signal }) =>
      apiRequest('/api/agent/feed-branch-codes', { schema: FeedBranchCodeListSchema, signal }),
    meta: { errorMessage: FEED_KEY_MESSAGES.codesLoadFailed },
  });
}

function useRefreshing<T, R>(key: readonly unknown[], fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

const keyPath = (id: string) => `/api/agent/api-keys/${encodeURIComponent(id)}`;
const codePath = (code: string) => `/api/agent/feed-branch-codes/${encodeURIComponent(code)}`;

/** Creates a key; the answer carries its secret, shown once. */
export const useCreateFeedKey = () =>
  useRefreshing(agentKeys.feedKeys(), (body: CreateFeedKeyInput) =>
    apiRequest('/api/agent/api-keys', { method: 'POST', body, schema: CreatedFeedKeySchema }),
  );

export const useUpdateFeedKey = () =>
  useRefreshing(agentKeys.feedKeys(), ({ id, ...body }: UpdateFeedKeyInput & { id: string }) =>
    apiRequest(keyPath(id), { method: 'PATCH', body, schema: FeedKeySchema }),
  );

export const useRevokeFeedKey = () =>
  useRefreshing(agentKeys.feedKeys(), (id: string) =>
    apiRequest(keyPath(id), { method: 'DELETE', schema: z.unknown() }),
  );

/** Maps (or re-maps) a CRM branch code to a branch. */
export const usePutFeedBranchCode = () =>
  useRefreshing(agentKeys.feedBranchCodes(), ({ code, ...body }: PutFeedBranchCodeInput & { code: string }) =>
    apiRequest(codePath(code), { method: 'PUT', body, schema: FeedBranchCodeSchema }),
  );

export const useDeleteFeedBranchCode = () =>
  useRefreshing(agentKeys.feedBranchCodes(), (code: string) =>
    apiRequest(codePath(code), { method: 'DELETE', schema: z.unknown() }),
  );
