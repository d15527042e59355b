import { Heart } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';
import { useFavouriteIds, useToggleFavourite } from '#src/features/favourites/api/favourites.ts';
import { promptSignInToFavourite } from '#src/lib/prompt-sign-in.ts';
import { useAuth } from '#src/lib/auth.tsx';
import { cn } from '#src/lib/utils.ts';

/**
 * The heart (REQ-SEARCH-27 Favourite: saved or not, filled when saved). Self-contained: reads the user's
 * favourite ids, toggles with toasts, and signed out explains that favourites need an account (REQ-CLIENT-03).
 * - `icon`: round overlay button on a card's photo.
 * - `button`: outline button with the text 'Save' / 'Saved' (listing page).
 * Its name is 'Save to favourites' or 'Remove from favourites', with `aria-pressed` when saved.
 */
export function FavouriteButton({
  listingId,
  listingTitle,
  className,
  variant = 'icon',
}: {
  listingId: string;
  listingTitle: string;
  className?: string;
  variant?: 'icon' | 'button';
}) {
  const { user, currentUser } = useAuth();
  const ids = useFavouriteIds();
  const toggle = useToggleFavourite();
  const isFavourite = Boolean(user) && (ids.data?.has(listingId) ?? false);
  const label = isFavourite ? 'Remove from favourites' : 'Save to favourites';

  const onClick = async () => {
    if (!(await currentUser())) {
      promptSignInToFavourite();
      return;
    }
    toggle.mutate({ listingId, save: !isFavourite });
  };

  const heart = <Heart aria-hidden="true" className={cn(isFavourite && 'fill-current text-destructive')} />;

  if (variant === 'button') {
    return (
      <Button
        variant="outline"
        aria-label={label}
        aria-pressed={isFavourite}
        title={`${label}: ${listingTitle}`}
        onClick={onClick}
        className={className}
      >
        {heart}
        {isFavourite ? 'Saved' : 'Save'}
      </Button>
    );
  }

  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isFavourite}
      title={`${label}: ${listingTitle}`}
      onClick={onClick}
      className={cn(
        'flex size-9 cursor-pointer items-center justify-center rounded-full bg-white/95 text-foreground shadow-md transition-colors hover:bg-white hover:text-primary focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary [&_svg]:size-4',
        className,
      )}
    >
      {heart}
    </button>
  );
}
