/**
 * A listing's photos (REQ-AGENT-09): PhotoManager puts together the drop zone (PhotoDropZone), the upload queue
 * (usePhotoUploads) with a progress row per file, and the sortable grid (PhotoGrid, one SortablePhoto per photo).
 */
import { useId } from 'react';
import { PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { UploadProgressRow } from '#src/components/upload-progress-row.tsx';
import { usePhotos } from '../api/photos.ts';
import { usePhotoUploads } from '../hooks/use-photo-uploads.ts';
import { PhotoDropZone } from './photo-drop-zone.tsx';
import { PhotoGrid } from './photo-grid.tsx';

/**
 * A listing's photos (REQ-AGENT-09 "Photo upload"): a drop zone with a 'Choose photos' button, uploads queued in the
 * order chosen (one at a time, see UPLOAD_CONCURRENCY in use-photo-uploads.ts) with a progress bar each, and the
 * photo grid — drag (or Space + arrow keys) to reorder, 'Move left'/'Move right', 'Set as main', alt text saved when
 * the field loses focus, and delete with confirmation. The main photo is always the first: moving a photo to the
 * front makes it main.
 */
export function PhotoManager({ propertyId }: { propertyId: string }) {
  const photos = usePhotos(propertyId);
  const items = photos.data?.items;
  const { uploads, addFiles, dismiss, announcement, setAnnouncement } = usePhotoUploads(
    propertyId,
    items?.length,
  );
  const headingId = useId();
  const tipId = useId();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          Photos
        </h2>
        <p id={tipId} className="text-sm text-muted-foreground">
          {PHOTO_MESSAGES.photoTip}
        </p>
      </div>

      <PhotoDropZone tipId={tipId} onFiles={addFiles} />

      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="flex flex-col gap-2">
          {uploads.map((upload) => (
            <UploadProgressRow key={upload.key} upload={upload} onDismiss={() => dismiss(upload.key)} />
          ))}
        </ul>
      )}

      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>

      {photos.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="photos-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/3] w-full" />
          ))}
        </div>
      ) : photos.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {PHOTO_MESSAGES.photosLoadFailed}
        </p>
      ) : items && items.length > 0 ? (
        <PhotoGrid propertyId={propertyId} photos={items} onAnnounce={setAnnouncement} />
      ) : (
        <p className="text-sm text-muted-foreground">{PHOTO_MESSAGES.noPhotos}</p>
      )}
    </section>
  );
}
