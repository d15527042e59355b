/**
 * Sends one file as multipart/form-data with XMLHttpRequest, because fetch cannot report upload progress and the
 * photo manager shows a progress bar per file (REQ-AGENT-09). Answers and errors are read like `apiRequest` does: the
 * body is checked against the shared zod schema, and an error body becomes an {@link ApiError} with the server's
 * safe message.
 */
import type { z } from 'zod';
import { ErrorBodySchema } from '@abode/shared/errors';
import { MESSAGES } from '@abode/shared/messages';
import { ApiError } from '#src/lib/api-error.ts';

export interface UploadOptions<S extends z.ZodType> {
  file: File;
  /** Extra text fields sent with the file (e.g. `alt`). */
  fields?: Record<string, string>;
  /** Schema of a successful response body. */
  schema: S;
  /** Called with 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Message when the server (or a proxy in front of it) answers 413 without our error body. */
  tooLargeMessage?: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** POSTs `file` (field `file`) to `path` and resolves with the parsed answer. */
export function uploadFile<S extends z.ZodType>(
  path: string,
  { file, fields = {}, schema, onProgress, signal, tooLargeMessage }: UploadOptions<S>,
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append('file', file);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);

    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = schema.safeParse(json);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError('INVALID_RESPONSE', xhr.status, MESSAGES.unknown));
        return;
      }
      const error = ErrorBodySchema.safeParse(json);
      if (error.success) reject(new ApiError(error.data.error.code, xhr.status, error.data.error.message));
      else if (xhr.status === 413 && tooLargeMessage)
        reject(new ApiError('PAYLOAD_TOO_LARGE', 413, tooLargeMessage));
      else
        reject(
          new ApiError(
            `HTTP_${xhr.status}`,
            xhr.status,
            xhr.status >= 500 ? MESSAGES.server : MESSAGES.unknown,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 0, MESSAGES.network));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
