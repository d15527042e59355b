import { toast } from 'sonner';
import { MESSAGES } from '@abode/shared/messages';
import { paths } from '#src/config/paths.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

/** The public address of a listing page. */
export function listingUrl(slug: string, origin = window.location.origin): string {
  return `${origin}${paths.property(slug)}`;
}

/** Copies the listing's link and says whether it worked (REQ-CLIENT-05: 'Link copied' / 'Failed to copy link'). */
export async function copyListingLink(slug: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(listingUrl(slug));
    toast.success(MESSAGES.linkCopiedTitle, { description: MESSAGES.linkCopied });
  } catch {
    showErrorToast(MESSAGES.copyLinkFailed);
  }
}
