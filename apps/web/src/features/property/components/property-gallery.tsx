import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, Expand, House } from 'lucide-react';
import type { ListingPhoto } from '@abode/shared/listings/listing.schema';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#src/components/ui/dialog.tsx';
import { cn } from '#src/lib/utils.ts';

/** A horizontal move this long (px) between pointer down and up is a swipe. */
const SWIPE_THRESHOLD_PX = 40;
const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 600;
/** The main photo spans the page's content column (about two thirds of a wide screen, all of a phone's). */
const GALLERY_SIZES = '(min-width: 1024px) 66vw, 100vw';

/** Index after stepping by `delta` through `count` items, wrapping round at both ends. */
export function stepIndex(index: number, delta: number, count: number): number {
  return count === 0 ? 0 : (((index + delta) % count) + count) % count;
}

/** Photos in display order (by `orderIndex`). */
function ordered(photos: readonly ListingPhoto[]): ListingPhoto[] {
  return [...photos].sort((a, b) => a.orderIndex - b.orderIndex);
}

const altOf = (photo: ListingPhoto, title: string, i: number, count: number) =>
  photo.altText || `${title}, photo ${i + 1} of ${count}`;

/**
 * The listing's photos (issue #4): a main photo with previous/next arrows, ← → keys, swipe on touch screens
 * (pointer events), a '3 / 6' counter, thumbnails, and a full-screen view in a dialog with the same controls.
 */
export function PropertyGallery({ photos, title }: { photos: readonly ListingPhoto[]; title: string }) {
  const list = ordered(photos);
  const count = list.length;
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const current = Math.min(index, Math.max(count - 1, 0));
  const step = (delta: number) => setIndex((i) => stepIndex(i, delta, count));

  if (count === 0) {
    return (
      <div
        role="img"
        aria-label={`No photos of ${title} yet`}
        className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-xl bg-muted sm:aspect-[16/9]"
      >
        <House aria-hidden="true" className="size-12 text-muted-foreground" />
        <span aria-hidden="true" className="text-sm text-muted-foreground">
          No photos yet
        </span>
      </div>
    );
  }

  return (
    <section aria-label={`Photos of ${title}`} className="flex flex-col gap-2">
      <Slides
        photos={list}
        title={title}
        current={current}
        onStep={step}
        onOpen={() => setFullScreen(true)}
        className="aspect-[4/3] rounded-xl sm:aspect-[16/9]"
      />
      {count > 1 && (
        <ul aria-label="Choose a photo" className="flex gap-2 overflow-x-auto pb-1">
          {list.map((photo, i) => (
            <li key={`${photo.url}-${i}`} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className={cn(
                  'block h-14 w-20 cursor-pointer overflow-hidden rounded-md border-2 transition-opacity sm:h-16 sm:w-24',
                  i === current ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img
                  src={photo.url}
                  srcSet={photo.srcSet}
                  sizes={photo.srcSet ? '96px' : undefined}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={fullScreen} onOpenChange={setFullScreen}>
        <DialogContent
          overlayClassName="bg-black/90"
          className="flex h-[100dvh] max-h-none w-screen max-w-none gap-0 overflow-hidden rounded-none border-0 bg-black p-0 text-white sm:p-0 [&>button:last-child]:bg-black/60 [&>button:last-child]:text-white [&>button:last-child]:hover:bg-black/80"
        >
          <DialogTitle className="sr-only">Photos of {title}</DialogTitle>
          <DialogDescription className="sr-only">
            Use the left and right arrow keys or swipe to move between photos.
          </DialogDescription>
          <Slides
            photos={list}
            title={title}
            current={current}
            onStep={step}
            fit="contain"
            className="h-full min-h-0 w-full flex-1"
            autoFocus
          />
        </DialogContent>
      </Dialog>
    </section>
  );
}

function Slides({
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
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (pointerStart.current = null)}
      className={cn(
        'group/gallery relative touch-pan-y overflow-hidden bg-muted select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        fit === 'contain' && 'bg-black',
        className,
      )}
    >
      {photos.map((photo, i) => (
        <img
          key={`${photo.url}-${i}`}
          src={photo.url}
          // Uploaded photos come in 1600/800/400 px sizes; the browser picks by the drawn width below.
          srcSet={photo.srcSet}
          sizes={photo.srcSet ? (fit === 'cover' ? GALLERY_SIZES : '100vw') : undefined}
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
      ))}
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
          <ArrowButton direction="previous" onClick={() => onStep(-1)} />
          <ArrowButton direction="next" onClick={() => onStep(1)} />
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

function ArrowButton({ direction, onClick }: { direction: 'previous' | 'next'; onClick: () => void }) {
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={direction === 'previous' ? 'Previous photo' : 'Next photo'}
      className={cn(
        'absolute top-1/2 flex size-10 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-white/90 text-foreground shadow-md hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-primary',
        direction === 'previous' ? 'left-3' : 'right-3',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
