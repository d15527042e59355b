/**
 * The one way the SPA talks to the API (STYLE §5.3): same-origin fetch under /api, error bodies turned into
 * {@link ApiError}, success bodies checked against the shared zod schema so a drifted server fails loudly here
 * rather than as `undefined` deep inside a component. Every failure is reported once as a security event (REQ-CLIENT:
 * every handled error is logged as medium-severity suspicious activity).
 */
import type { z } from 'zod';
import { ErrorBodySchema } from '@abode/shared/errors';
import { MESSAGES } from '@abode/shared/messages';
import { ApiError } from '#src/lib/api-error.ts';
import { takeEarlyFetch } from '#src/lib/early-fetch.ts';
import { catalogueError } from '#src/lib/error-catalogue.ts';
import { reportHandledError } from '#src/lib/report-error.ts';

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query string parameters. */
  params?: URLSearchParams | Record<string, string | number | undefined>;
  /** JSON body. */
  body?: unknown;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Schema of a successful response body. */
  schema: S;
  signal?: AbortSignal;
  /** Sees the response before its body is read, success or not (e.g. the search reads its rate-limit headers). */
  onResponse?: (response: Response) => void;
  /** Texts that replace the message of an error with this status (e.g. search's 429, REQ-LIMIT-03). */
  statusMessages?: Partial<Record<number, string>>;
}

function buildUrl(path: string, params: RequestOptions<z.ZodType>['params']): string {
  const search = new URLSearchParams();
  if (params instanceof URLSearchParams) {
    params.forEach((value, key) => search.append(key, value));
  } else if (params) {
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The safe text for a status when the body carries none (REQ-MSG-01). */
function fallbackMessage(status: number): string {
  return catalogueError({ status }).message;
}

/**
 * REQ-MSG-02 validation: with field details, the category text gains its second sentence ('Please verify the required
 * fields are filled correctly.'). The server sends the first alone; the details are what the client has to add.
 */
function withDetailsHint(message: string, details: readonly unknown[] | undefined): string {
  return message === MESSAGES.validation && details && details.length > 0
    ? `${message} ${MESSAGES.validationDetails}`
    : message;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The path with record ids replaced by ':id' (`/api/admin/users/:id/suspend`): where it failed, not whose. */
function routeOf(path: string): string {
  return path
    .replace(/[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/gi, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:id');
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<z.infer<S>> {
  try {
    return await send(path, options);
  } catch (error) {
    reportHandledError(error, { source: 'api', method: options.method ?? 'GET', endpoint: routeOf(path) });
    throw error;
  }
}

async function send<S extends z.ZodType>(
  path: string,
  { method = 'GET', params, body, headers, schema, signal, onResponse, statusMessages }: RequestOptions<S>,
): Promise<z.infer<S>> {
  let response: Response;
  const url = buildUrl(path, params);
  // A route may have started this very GET while this code was still loading (early-fetch.ts).
  const early = method === 'GET' && body === undefined ? takeEarlyFetch(url) : undefined;
  try {
    response = await (early ??
      fetch(url, {
        method,
        signal,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch (error) {
    // Aborts (a newer search replaced this one) are not failures: let TanStack Query see them as such.
    if (signal?.aborted) throw error;
    throw new ApiError('NETWORK_ERROR', 0, MESSAGES.network);
  }

  onResponse?.(response);
  const json = await readJson(response);
  if (!response.ok) {
    const override = statusMessages?.[response.status];
    const parsed = ErrorBodySchema.safeParse(json);
    if (parsed.success) {
      const { code, message, details, suggestions, existingId } = parsed.data.error;
      throw new ApiError(
        code,
        response.status,
        override ?? withDetailsHint(message, details),
        details,
        suggestions,
        existingId,
      );
    }
    throw new ApiError(
      `HTTP_${response.status}`,
      response.status,
      override ?? fallbackMessage(response.status),
    );
  }

  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues);
    throw new ApiError('INVALID_RESPONSE', response.status, MESSAGES.unknown);
  }
  return parsed.data;
}

export const api = {
  get: <S extends z.ZodType>(path: string, options: Omit<RequestOptions<S>, 'method' | 'body'>) =>
    apiRequest(path, { ...options, method: 'GET' }),
};
