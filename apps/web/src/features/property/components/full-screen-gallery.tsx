import type { ListingPhoto } from '@abode/shared/listings/listing.schema';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#src/components/ui/dialog.tsx';
import { Slides } from './gallery-slides.tsx';

/** The gallery's full-screen view: the same photo and controls in a dialog (loaded when first opened). */
export default function FullScreenGallery({
  open,
  onOpenChange,
  photos,
  title,
  current,
  onStep,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  photos: ListingPhoto[];
  title: string;
  current: number;
  onStep: (delta: number) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        overlayClassName="bg-black/90"
        className="flex h-[100dvh] max-h-none w-screen max-w-none gap-0 overflow-hidden rounded-none border-0 bg-black p-0 text-white sm:p-0 [&>button:last-child]:bg-black/60 [&>button:last-child]:text-white [&>button:last-child]:hover:bg-black/80"
      >
        <DialogTitle className="sr-only">Photos of {title}</DialogTitle>
        <DialogDescription className="sr-only">
          Use the left and right arrow keys or swipe to move between photos.
        </DialogDescription>
        <Slides
          photos={photos}
          title={title}
          current={current}
          onStep={onStep}
          fit="contain"
          className="h-full min-h-0 w-full flex-1"
          autoFocus
        />
      </DialogContent>
    </Dialog>
  );
}
