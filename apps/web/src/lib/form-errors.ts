import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The message of a refused form's first problem, for the forms that show it as a toast (REQ-SITE-11 Sign-in and Sign-up
 * forms). A schema that stops at its first problem (the auth schemas' transforms) yields one; a problem of the whole
 * form (an issue without a path) is found too. Undefined when there is none.
 */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  const pending: unknown[] = [errors];
  while (pending.length) {
    const node = pending.shift();
    if (!node || typeof node !== 'object') continue;
    if ('message' in node && typeof node.message === 'string' && node.message) return node.message;
    pending.push(...Object.values(node).filter((value) => value && typeof value === 'object'));
  }
  return undefined;
}
