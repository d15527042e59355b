import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Expand } from 'lucide-react';
import type { ListingPhoto } from '@abode/shared/listings/listing.schema';
import { GALLERY_PHOTO_SIZES } from '@abode/shared/listings/photo-sizes';
import { PhotoStepButton } from '#src/components/photo-step-button.tsx';
import { cn } from '#src/lib/utils.ts';

/** A horizontal move this long (px) between pointer down and up is a swipe. */
const SWIPE_THRESHOLD_PX = 40;
const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 600;

const altOf = (photo: ListingPhoto, title: string, i: number, count: number) =>
  photo.altText || `${title}, photo ${i + 1} of ${count}`;

/**
 * The photos one at a time, with arrows, ← → keys and swipe: the gallery's main photo and its full-screen view.
 * A photo is only put in the page once it has been shown or the visitor shows interest (pointer over, focus or
 * touch: the photos either side), so opening a listing asks for its first photo, not all of them (REQ-PERF).
 */
export function Slides({
  photos,
  title,
  current,
  onStep,
  onOpen,
  fit = 'cover',
  className,
  autoFocus,
}: {
  photos: ListingPhoto[];
  title: string;
  current: number;
  onStep: (delta: number) => void;
  /** Opens the full-screen view; absent inside it. */
  onOpen?: () => void;
  fit?: 'cover' | 'contain';
  className?: string;
  autoFocus?: boolean;
}) {
  const count = photos.length;
  const pointerStart = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([current]));
  // A photo chosen from outside (a thumbnail, the other view) joins the ones in the page.
  if (!shown.has(current)) setShown(new Set([...shown, current]));
  const warmUp = () => {
    if (count < 2) return;
    const around = [(current + 1) % count, (current - 1 + count) % count];
    if (!around.every((i) => shown.has(i))) setShown(new Set([...shown, ...around]));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onStep(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      onStep(1);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    pointerStart.current = { x: event.clientX, y: event.clientY };
    swiped.current = false;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = pointerStart.current;
    pointerStart.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX && Math.abs(dx) > Math.abs(dy)) {
      swiped.current = true;
      onStep(dx < 0 ? 1 : -1);
    }
  };

  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label={`Photo ${current + 1} of ${count}`}
      tabIndex={0}
      // The full-screen view takes the arrow keys at once.
      autoFocus={autoFocus}
      onKeyDown={onKeyDown}
      onFocus={warmUp}
      onPointerEnter={warmUp}
      onPointerDown={(event) => {
        warmUp();
        onPointerDown(event);
      }}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (pointerStart.current = null)}
      className={cn(
        'group/gallery relative touch-pan-y overflow-hidden bg-muted select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        fit === 'contain' && 'bg-black',
        className,
      )}
    >
      {photos.map((photo, i) =>
        shown.has(i) ? (
          <img
            key={`${photo.url}-${i}`}
            src={photo.url}
            // Uploaded photos come in 1600/800/400 px sizes; the browser picks by the drawn width below.
            srcSet={photo.srcSet}
            sizes={photo.srcSet ? (fit === 'cover' ? GALLERY_PHOTO_SIZES : '100vw') : undefined}
            alt={altOf(photo, title, i, count)}
            width={PHOTO_WIDTH}
            height={PHOTO_HEIGHT}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 && fit === 'cover' ? 'high' : undefined}
            decoding="async"
            draggable={false}
            aria-hidden={i === current ? undefined : true}
            className={cn(
              'absolute inset-0 size-full transition-opacity duration-300',
              fit === 'cover' ? 'object-cover' : 'object-contain',
              i === current ? 'opacity-100' : 'pointer-events-none opacity-0',
            )}
          />
        ) : null,
      )}
      {onOpen && (
        <button
          type="button"
          onClick={() => {
            // A swipe ends with a click on touch screens: it is not a request for full screen.
            if (!swiped.current) onOpen();
          }}
          aria-label="View photos full screen"
          className="absolute inset-0 cursor-zoom-in focus-visible:outline-none"
          tabIndex={-1}
        />
      )}
      {count > 1 && (
        <>
          <PhotoStepButton direction="previous" onClick={() => onStep(-1)} className="left-3 size-10" />
          <PhotoStepButton direction="next" onClick={() => onStep(1)} className="right-3 size-10" />
        </>
      )}
      <div className="pointer-events-none absolute right-3 bottom-3 flex items-center gap-2">
        <span className="rounded-full bg-black/75 px-2.5 py-1 text-xs font-medium text-white tabular-nums">
          <span aria-hidden="true" data-testid="photo-counter">
            {current + 1} / {count}
          </span>
          <span className="sr-only" aria-live="polite">
            Photo {current + 1} of {count}
          </span>
        </span>
      </div>
      {onOpen && (
        <button
          type="button"
          onClick={onOpen}
          className="absolute bottom-3 left-3 inline-flex cursor-pointer items-center gap-1.5 rounded-full bg-black/75 px-3 py-1.5 text-xs font-medium text-white hover:bg-black/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Expand aria-hidden="true" className="size-3.5" />
          Full screen
        </button>
      )}
    </div>
  );
}
