/**
 * The one way the SPA shows a failure as a toast (REQ-MSG Messages to the user). Kept apart from the query client
 * because sonner is not in the first bundle: the query cache imports this module on demand.
 */
import { toast } from 'sonner';
import { paths } from '#src/config/paths.ts';
import { isApiError } from '#src/lib/api-error.ts';

/** REQ-MSG-07: every toast of a failure is titled 'Error' unless its row names another title. */
export const ERROR_TITLE = 'Error';

/** The label of the button a toast offers when a request failed because the session had ended. */
export const SIGN_IN_ACTION = 'Sign in';

export interface ErrorToastOptions {
  /**
   * Only for the REQ-CLIENT-03 rows that name their own title: 'Sign in failed', 'Sign up failed', 'Search error',
   * 'Authentication Required'. Everything else ('Failed to update favourites', …) is the text under 'Error'.
   */
  title?: string;
  /** The failure itself: a 401 (the session has ended) adds a 'Sign in' button to /auth. */
  error?: unknown;
  /** The server's own safe reason, shown after `message` ('Failed to update profile. Phone number is invalid'). */
  reason?: string | undefined;
  /** A sonner id, so a repeated failure replaces its toast instead of stacking copies. */
  id?: string;
}

/** Whether `error` is the API saying the request had no live session. */
export function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * Shows `message` under the title 'Error' (or the SPEC-named `title`). After a 401 the person is offered to sign in
 * again (REQ-SITE-11): a full page load of /auth, as the toast lives outside the router.
 */
export function showErrorToast(
  message: string,
  { title = ERROR_TITLE, error, reason, id }: ErrorToastOptions = {},
) {
  return toast.error(title, {
    description: reason && reason !== message ? `${message}. ${reason}` : message,
    ...(id === undefined ? {} : { id }),
    ...(isSessionEnded(error)
      ? { action: { label: SIGN_IN_ACTION, onClick: () => window.location.assign(paths.auth) } }
      : {}),
  });
}
