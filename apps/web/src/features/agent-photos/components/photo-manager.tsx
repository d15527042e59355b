import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowLeft, ArrowRight, GripVertical, ImagePlus, Star, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  checkPhotoFile,
  MAX_PHOTOS_PER_LISTING,
  PHOTO_ACCEPT,
  PHOTO_ALT_MAX_LENGTH,
  PHOTO_MESSAGES,
  type AgentPhoto,
} from '@abode/shared/agent/photos.schema';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#src/components/ui/alert-dialog.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { SaveOnBlurField } from '#src/components/save-on-blur-field.tsx';
import { UploadProgressRow, type UploadProgress } from '#src/components/upload-progress-row.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { cn } from '#src/lib/utils.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import {
  uploadPhoto,
  useDeletePhoto,
  usePhotos,
  useRefreshPhotos,
  useReorderPhotos,
  useSetMainPhoto,
  useUpdatePhotoAlt,
} from '../api/photos.ts';
import { createTaskQueue } from '#src/lib/task-queue.ts';

/**
 * Files sent at the same time: one. The server appends each photo when its upload is stored, so uploads running side
 * by side were stored in the order they finished, not the order chosen — the main photo could be whichever file was
 * smallest (REQ-AGENT-09). One at a time, the order chosen is the stored order by construction, whatever the network
 * does, with nothing to put right afterwards and nothing half-ordered if the page closes mid-batch (the photos sent
 * so far are in order). Parallel requests would share the same uplink anyway: the total time barely changes.
 */
export const UPLOAD_CONCURRENCY = 1;

/** One file in the upload list: waiting, sending (with progress) or refused/failed (with the reason). */
type UploadItem = UploadProgress;

const errorMessage = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * A listing's photos (REQ-AGENT-09 "Photo upload"): a drop zone with a 'Choose photos' button, uploads queued in the
 * order chosen (one at a time, see UPLOAD_CONCURRENCY) with a progress bar each, and the photo grid — drag (or Space + arrow keys) to reorder, 'Move left'/'Move right',
 * 'Set as main', alt text saved when the field loses focus, and delete with confirmation. The main photo is always
 * the first: moving a photo to the front makes it main.
 */
export function PhotoManager({ propertyId }: { propertyId: string }) {
  const photos = usePhotos(propertyId);
  const items = photos.data?.items;
  const refresh = useRefreshPhotos(propertyId);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [queue] = useState(() => createTaskQueue(UPLOAD_CONCURRENCY));
  const mounted = useRef(true);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const headingId = useId();
  const tipId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patchUpload = (key: string, patch: Partial<UploadItem> | null) =>
    setUploads((list) =>
      patch === null
        ? list.filter((u) => u.key !== key)
        : list.map((u) => (u.key === key ? { ...u, ...patch } : u)),
    );

  const runUpload = async (key: string, file: File) => {
    patchUpload(key, { status: 'uploading' });
    try {
      await uploadPhoto(propertyId, file, (percent) => {
        if (mounted.current) patchUpload(key, { percent });
      });
      if (!mounted.current) return;
      patchUpload(key, null);
      setAnnouncement(`${PHOTO_MESSAGES.photoUploaded}: ${file.name}`);
      void refresh();
    } catch (error) {
      if (mounted.current)
        patchUpload(key, { status: 'error', error: errorMessage(error, PHOTO_MESSAGES.photoUploadFailed) });
    }
  };

  const addFiles = (files: FileList | File[]) => {
    const list = Array.from(files);
    if (list.length === 0) return;
    const pending = uploads.filter((u) => u.status !== 'error').length;
    let room = MAX_PHOTOS_PER_LISTING - (items?.length ?? 0) - pending;
    const accepted: { key: string; file: File }[] = [];
    const added: UploadItem[] = list.map((file, i) => {
      const key = `${Date.now()}-${i}-${file.name}`;
      const error = checkPhotoFile(file) ?? (room <= 0 ? PHOTO_MESSAGES.tooManyPhotos : null);
      if (error) return { key, name: file.name, percent: 0, status: 'error', error };
      room -= 1;
      accepted.push({ key, file });
      return { key, name: file.name, percent: 0, status: 'queued' };
    });
    // Listed first, so the rows exist when the first uploads report progress.
    setUploads((current) => [...current, ...added]);
    for (const { key, file } of accepted) queue.add(() => runUpload(key, file));
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    addFiles(event.dataTransfer.files);
  };

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

      <div
        data-testid="photo-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragOver ? 'border-primary bg-brand-soft' : 'border-input bg-muted/40',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">Drag photos here, or</p>
        <Button
          type="button"
          variant="outline"
          onClick={() => inputRef.current?.click()}
          aria-describedby={tipId}
        >
          Choose photos
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-label="Choose photos to upload"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            if (event.target.files) addFiles(event.target.files);
            // Choosing the same file again after an error must fire change again.
            event.target.value = '';
          }}
        />
      </div>

      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="flex flex-col gap-2">
          {uploads.map((upload) => (
            <UploadProgressRow
              key={upload.key}
              upload={upload}
              onDismiss={() => patchUpload(upload.key, null)}
            />
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

function PhotoGrid({
  propertyId,
  photos,
  onAnnounce,
}: {
  propertyId: string;
  photos: AgentPhoto[];
  onAnnounce: (text: string) => void;
}) {
  const reorder = useReorderPhotos(propertyId);
  const setMain = useSetMainPhoto(propertyId);
  const [deleting, setDeleting] = useState<AgentPhoto | null>(null);
  const deletePhoto = useDeletePhoto(propertyId);
  const ids = photos.map((p) => p.id);
  const count = photos.length;
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;

  const sensors = useSensors(
    // A small distance so a click on the buttons of a card is never taken for a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const saveOrder = (next: string[], message: string) => {
    reorder.mutate(next, {
      onSuccess: () => onAnnounce(message),
      onError: (error) => showErrorToast(errorMessage(error, PHOTO_MESSAGES.orderFailed), { error }),
    });
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
    saveOrder(
      arrayMove(ids, from, to),
      `Photo moved to position ${to + 1} of ${count}.${to === 0 ? ' It is now the main photo.' : ''}`,
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? `Photo ${position(active.id)} is over position ${position(over.id)} of ${count}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Photo ${position(active.id)} was dropped at position ${position(over.id)} of ${count}.`
        : `Photo ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. Photo ${position(active.id)} stays where it was.`,
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To reorder, press Space or Enter to pick up the photo, use the arrow keys to move it, then press ' +
              'Space or Enter to drop it, or Escape to cancel. The first photo is the main photo.',
          },
        }}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          <ol aria-label="Listing photos" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {photos.map((photo, index) => (
              <SortablePhoto
                key={photo.id}
                propertyId={propertyId}
                photo={photo}
                index={index}
                count={count}
                onMove={move}
                onSetMain={() =>
                  setMain.mutate(photo.id, {
                    onSuccess: () => {
                      toast.success(PHOTO_MESSAGES.mainPhotoSet);
                      onAnnounce(`Photo is now the main photo and shown first.`);
                    },
                    onError: (error) =>
                      showErrorToast(errorMessage(error, PHOTO_MESSAGES.photoUpdateFailed), { error }),
                  })
                }
                onDelete={() => setDeleting(photo)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete photo</AlertDialogTitle>
            <AlertDialogDescription>{PHOTO_MESSAGES.photoDeleteConfirm}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (!deleting) return;
                deletePhoto.mutate(deleting.id, {
                  onSuccess: () => toast.success(PHOTO_MESSAGES.photoDeleted),
                  onError: (error) =>
                    showErrorToast(errorMessage(error, PHOTO_MESSAGES.photoDeleteFailed), { error }),
                });
                setDeleting(null);
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

function SortablePhoto({
  propertyId,
  photo,
  index,
  count,
  onMove,
  onSetMain,
  onDelete,
}: {
  propertyId: string;
  photo: AgentPhoto;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onSetMain: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.id });
  const label = `photo ${index + 1} of ${count}`;
  const updateAlt = useUpdatePhotoAlt(propertyId);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-primary',
      )}
    >
      <div className="relative aspect-[4/3] bg-muted">
        <img
          src={photo.variants.at(-1)?.url ?? photo.url}
          srcSet={photo.srcSet}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          alt={photo.altText ?? ''}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="size-full object-cover"
        />
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder ${label}`}
          className="absolute top-2 left-2 flex size-9 cursor-grab touch-none items-center justify-center rounded-md bg-white/90 text-foreground shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        {photo.isMain && (
          <Badge className="absolute top-2 right-2">
            <Star aria-hidden="true" />
            Main photo
          </Badge>
        )}
      </div>
      <div className="flex flex-col gap-3 p-3">
        <SaveOnBlurField
          label={`Alt text for ${label}`}
          saved={photo.altText ?? ''}
          maxLength={PHOTO_ALT_MAX_LENGTH}
          placeholder="Describe the photo, e.g. Open-plan kitchen"
          onSave={(altText) =>
            updateAlt.mutateAsync({ photoId: photo.id, altText }).then(
              (updated) => {
                toast.success(PHOTO_MESSAGES.photoUpdated);
                return updated.altText ?? '';
              },
              (error: unknown) => {
                showErrorToast(errorMessage(error, PHOTO_MESSAGES.photoUpdateFailed), { error });
                throw error;
              },
            )
          }
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            size="icon-sm"
            variant="outline"
            aria-label={`Move left (${label})`}
            title="Move left"
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowLeft aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon-sm"
            variant="outline"
            aria-label={`Move right (${label})`}
            title="Move right"
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowRight aria-hidden="true" />
          </Button>
          {!photo.isMain && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={onSetMain}
              aria-label={`Set ${label} as main`}
            >
              Set as main
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            variant="ghost"
            className="ml-auto text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${label}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
