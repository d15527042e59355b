import { toast } from 'sonner';
import { MESSAGES } from '@abode/shared/messages';

/**
 * Favourites and saved searches need an account (SPEC §5 Gating). Until sign-in exists in the SPA these actions
 * only explain that, with the SPEC §8 texts.
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
