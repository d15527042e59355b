import { Share2 } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { copyListingLink, listingUrl } from '#src/lib/share-listing.ts';

/**
 * Share: the device's share sheet where there is one (Web Share API, mostly phones), else copy the link with the
 * REQ-MSG-07 ('Link copied' / 'Failed to copy link').
 */
export function ShareButton({ slug, title, className }: { slug: string; title: string; className?: string }) {
  const onClick = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: listingUrl(slug) });
        return;
      } catch (error) {
        // Closing the share sheet is the person's choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copyListingLink(slug);
  };
  return (
    <Button variant="outline" className={className} onClick={() => void onClick()}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
