/**
 * When a cross-field rule (a `superRefine` over several fields) runs: alongside the other fields' errors, so a form
 * shows them all at once, unless one of the rule's own fields already failed (its message is the one to show) or the
 * input is not an object at all (e.g. null, which the OpenAPI generator probes).
 */
import type { z } from 'zod';

/** The `{ when }` option of a `superRefine` that checks `fields` together. */
export function unlessFieldsFailed(...fields: string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
  };
}
