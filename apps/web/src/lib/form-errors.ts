import type { FieldErrors, FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '#src/lib/api-error.ts';

/**
 * The message of a refused form's first problem, for the forms that show it as a toast (REQ-SITE-11 Sign-in and Sign-up
 * forms). A schema that stops at its first problem (the auth schemas' transforms) yields one; a problem of the whole
 * form (an issue without a path) is found too. Undefined when there is none.
 */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  return Object.values(errorsByPath(errors))[0];
}

/**
 * A form's errors as one message per dotted path ('email', 'viewingTimes.0.date'), for parts of a form that take
 * their messages by path rather than as react-hook-form's nested object.
 */
export function errorsByPath<T extends FieldValues>(errors: FieldErrors<T>): Partial<Record<string, string>> {
  const byPath: Partial<Record<string, string>> = {};
  const visit = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    if ('message' in node && typeof node.message === 'string' && node.message) byPath[path] = node.message;
    for (const [key, value] of Object.entries(node))
      if (key !== 'ref' && value && typeof value === 'object') visit(value, path ? `${path}.${key}` : key);
  };
  visit(errors, '');
  return byPath;
}

/**
 * Puts a refused request's field problems (the API error's `details`, each with its dotted `path`; REQ-MSG-04) under
 * their fields through `setError`, those `accept` lets through (default: all). True when the error carried any, so a
 * form toasts only the refusals that name no field.
 */
export function setServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  accept: (path: string) => boolean = () => true,
): boolean {
  const details = isApiError(error) ? error.details : [];
  for (const { path, message } of details) if (accept(path)) setError(path as FieldPath<T>, { message });
  return details.length > 0;
}
