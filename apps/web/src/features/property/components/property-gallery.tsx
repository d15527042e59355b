import { lazy, Suspense, useState } from 'react';
import { House } from 'lucide-react';
import type { ListingPhoto } from '@abode/shared/listings/listing.schema';
import { cn } from '#src/lib/utils.ts';
import { Slides } from './gallery-slides.tsx';

// The full-screen view (a radix Dialog with its focus trap and scroll lock) loads when it is first opened: most
// visits never open it (REQ-PERF).
const FullScreenGallery = lazy(() => import('./full-screen-gallery.tsx'));

/** Index after stepping by `delta` through `count` items, wrapping round at both ends. */
export function stepIndex(index: number, delta: number, count: number): number {
  return count === 0 ? 0 : (((index + delta) % count) + count) % count;
}

/** Photos in display order (by `orderIndex`). */
function ordered(photos: readonly ListingPhoto[]): ListingPhoto[] {
  return [...photos].sort((a, b) => a.orderIndex - b.orderIndex);
}

/**
 * The listing's photos (REQ-LISTING): a main photo with previous/next arrows, ← → keys, swipe on touch screens
 * (pointer events), a '3 / 6' counter, thumbnails, and a full-screen view in a dialog with the same controls.
 */
export function PropertyGallery({ photos, title }: { photos: readonly ListingPhoto[]; title: string }) {
  const list = ordered(photos);
  const count = list.length;
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  // Mounted from the first opening on, so closing keeps the dialog's closing behaviour (focus back to the page).
  const [fullScreenLoaded, setFullScreenLoaded] = useState(false);
  const current = Math.min(index, Math.max(count - 1, 0));
  const step = (delta: number) => setIndex((i) => stepIndex(i, delta, count));
  const openFullScreen = () => {
    setFullScreenLoaded(true);
    setFullScreen(true);
  };

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
        onOpen={openFullScreen}
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
                  // After the main photo, which is the page's largest paint (REQ-PERF).
                  fetchPriority="low"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      {fullScreenLoaded && (
        <Suspense fallback={null}>
          <FullScreenGallery
            open={fullScreen}
            onOpenChange={setFullScreen}
            photos={list}
            title={title}
            current={current}
            onStep={step}
          />
        </Suspense>
      )}
    </section>
  );
}
