import { useRef, useState } from 'react';
import { House } from 'lucide-react';
import type { ListingPhoto } from '@abode/shared/listings/listing.schema';
import { CARD_PHOTO_SIZES } from '@abode/shared/listings/photo-sizes';
import { PhotoStepButton } from '#src/components/photo-step-button.tsx';
import { cn } from '#src/lib/utils.ts';

/** The card's photo arrows: smaller than the gallery's, and on a mouse shown only while the card is hovered or focused. */
const CAROUSEL_STEP =
  'size-9 transition-opacity focus-visible:opacity-100 pointer-fine:opacity-0 pointer-fine:group-hover/carousel:opacity-100 pointer-fine:group-focus-within/carousel:opacity-100';

/** Demo and uploaded photos are 4:3 (800×600); the box keeps that ratio so nothing shifts as images load. */
const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 600;
const SWIPE_THRESHOLD_PX = 40;

/** Photos in their display order (REQ-SEARCH-19: sorted by order_index on the client). */
export function orderPhotos(photos: readonly ListingPhoto[]): ListingPhoto[] {
  return [...photos].sort((a, b) => a.orderIndex - b.orderIndex);
}

/** Index after stepping by `delta` through `count` items, wrapping round at both ends. */
export function wrapIndex(index: number, delta: number, count: number): number {
  return count === 0 ? 0 : (((index + delta) % count) + count) % count;
}

/**
 * A listing's photos with previous/next buttons that wrap around (REQ-SEARCH-27), a position counter and swipe on touch
 * screens. The first photo loads eagerly (unless the card is far down the page). The others are only put in the
 * page once the visitor shows interest (pointer over, focus or touch: the photos either side; a step: that photo),
 * so a page of results asks for one photo per card, not every card's every photo (REQ-PERF).
 */
export function PhotoCarousel({
  photos,
  title,
  eager = true,
  priority = false,
  className,
}: {
  photos: readonly ListingPhoto[];
  /** The listing title, used for alt text when a photo has none. */
  title: string;
  /** Load the first photo immediately (cards near the top of the page). */
  eager?: boolean;
  /** The first photo is likely the largest thing on the first screen: fetch it before anything else. */
  priority?: boolean;
  className?: string;
}) {
  const ordered = orderPhotos(photos);
  const count = ordered.length;
  const [index, setIndex] = useState(0);
  const touchStartX = useRef<number | null>(null);
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const current = Math.min(index, Math.max(count - 1, 0));
  const show = (...indexes: number[]) =>
    setShown((before) => (indexes.every((i) => before.has(i)) ? before : new Set([...before, ...indexes])));
  const step = (delta: number) => {
    const next = wrapIndex(current, delta, count);
    show(next);
    setIndex(next);
  };
  const warmUp = () => {
    if (count > 1) show(wrapIndex(current, 1, count), wrapIndex(current, -1, count));
  };

  if (count === 0) {
    return (
      <div
        className={cn('flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-muted', className)}
        role="img"
        aria-label={`No photo of ${title}`}
      >
        <House aria-hidden="true" className="size-10 text-muted-foreground" />
        <span aria-hidden="true" className="text-sm text-muted-foreground">
          No photo yet
        </span>
      </div>
    );
  }

  return (
    <div
      className={cn('group/carousel relative aspect-[4/3] overflow-hidden bg-muted', className)}
      onPointerEnter={warmUp}
      onFocus={warmUp}
      onTouchStart={(event) => {
        touchStartX.current = event.touches[0]?.clientX ?? null;
        warmUp();
      }}
      onTouchEnd={(event) => {
        const start = touchStartX.current;
        const end = event.changedTouches[0]?.clientX;
        touchStartX.current = null;
        if (start === null || end === undefined || count < 2) return;
        if (Math.abs(end - start) >= SWIPE_THRESHOLD_PX) step(end < start ? 1 : -1);
      }}
    >
      {ordered.map((photo, i) =>
        shown.has(i) || i === current ? (
          <img
            key={`${photo.url}-${i}`}
            src={photo.url}
            // Uploaded photos come in 1600/800/400 px sizes: a card needs the 400 or 800 one, not the 1600.
            srcSet={photo.srcSet}
            sizes={photo.srcSet ? CARD_PHOTO_SIZES : undefined}
            alt={photo.altText || `${title}, photo ${i + 1} of ${count}`}
            width={PHOTO_WIDTH}
            height={PHOTO_HEIGHT}
            loading={i === 0 && eager ? 'eager' : 'lazy'}
            fetchPriority={i === 0 && priority ? 'high' : undefined}
            decoding="async"
            draggable={false}
            aria-hidden={i === current ? undefined : true}
            className={cn(
              'absolute inset-0 size-full object-cover transition-opacity duration-300',
              i === current ? 'opacity-100' : 'pointer-events-none opacity-0',
            )}
          />
        ) : null,
      )}

      {count > 1 && (
        <>
          <PhotoStepButton
            direction="previous"
            onClick={() => step(-1)}
            className={cn(CAROUSEL_STEP, 'left-2')}
          />
          <PhotoStepButton
            direction="next"
            onClick={() => step(1)}
            className={cn(CAROUSEL_STEP, 'right-2')}
          />
          <div className="pointer-events-none absolute inset-x-0 bottom-2 flex items-center justify-center gap-1.5">
            {ordered.map((photo, i) => (
              <span
                key={`${photo.url}-dot-${i}`}
                aria-hidden="true"
                className={cn(
                  'size-1.5 rounded-full bg-white shadow transition-opacity',
                  i === current ? 'opacity-100' : 'opacity-60',
                )}
              />
            ))}
          </div>
          <span className="absolute right-2 bottom-2 rounded-full bg-black/70 px-2 py-0.5 text-xs font-medium text-white tabular-nums">
            <span aria-hidden="true">
              {current + 1}/{count}
            </span>
            <span className="sr-only" aria-live="polite">
              Photo {current + 1} of {count}
            </span>
          </span>
        </>
      )}
    </div>
  );
}
