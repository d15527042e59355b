/** How the photo manager reports a failed request: the API's own message when it sent one, else the fallback. */
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

/** The API's message for `error`, or `fallback` (one of PHOTO_MESSAGES) when it is not an API error. */
export const errorMessage = (error: unknown, fallback: string) =>
  isApiError(error) ? error.message : fallback;

/** Shows a failed photo request in an error toast (errorMessage's text). */
export const showPhotoError = (error: unknown, fallback: string) =>
  showErrorToast(errorMessage(error, fallback), { error });
