import { toast } from 'sonner';
import { MESSAGES } from '@abode/shared/messages';

/**
 * Favourites and saved searches need an account (REQ-CLIENT-03): a signed-out visitor who presses the heart or
 * Save Search is told so with the REQ-CLIENT-03 texts ('Authentication Required' / 'Please sign in to save favourites' or
 * 'Please sign in to save searches'). One toast id each, so repeated clicks do not stack copies.
 */
export function promptSignInToFavourite(): void {
  toast.error(MESSAGES.authRequiredTitle, {
    id: 'sign-in-to-favourite',
    description: MESSAGES.signInToFavourite,
  });
}

export function promptSignInToSaveSearch(): void {
  toast.error(MESSAGES.authRequiredTitle, {
    id: 'sign-in-to-save-search',
    description: MESSAGES.signInToSaveSearch,
  });
}
