/**
 * The round 'Previous photo' / 'Next photo' button laid over a photo, shared by the listing card's carousel and the
 * listing page's gallery. `className` sizes and places it (each keeps its own size, offset and hover behaviour).
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '#src/lib/utils.ts';

export function PhotoStepButton({
  direction,
  onClick,
  className,
}: {
  direction: 'previous' | 'next';
  onClick: () => void;
  className?: string;
}) {
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={direction === 'previous' ? 'Previous photo' : 'Next photo'}
      className={cn(
        'absolute top-1/2 flex -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 text-foreground shadow-md hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
