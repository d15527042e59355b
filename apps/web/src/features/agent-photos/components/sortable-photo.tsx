/**
 * One photo in the photo grid (REQ-AGENT-09): the image with its drag handle and 'Main photo' badge, its alt text
 * (saved when the field loses focus), and its buttons: move left or right, set as main, delete.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Star } from 'lucide-react';
import { toast } from 'sonner';
import { PHOTO_ALT_MAX_LENGTH, PHOTO_MESSAGES, type AgentPhoto } from '@abode/shared/agent/photos.schema';
import { SaveOnBlurField } from '#src/components/save-on-blur-field.tsx';
import { MediaItemActions, type ItemPosition } from '#src/components/sortable-media/media-item-actions.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/lib/utils.ts';
import { useUpdatePhotoAlt } from '../api/photos.ts';
import { showPhotoError } from '../utils/photo-errors.ts';

/** A photo, its position in the grid (`index` 0 is the main photo) and what its buttons do. */
export interface SortablePhotoProps extends ItemPosition {
  propertyId: string;
  photo: AgentPhoto;
  onSetMain: () => void;
  onDelete: () => void;
}

/** The alt text field of a photo: saved when it loses focus, with a toast either way. */
function PhotoAltField({
  propertyId,
  photo,
  label,
}: {
  propertyId: string;
  photo: AgentPhoto;
  label: string;
}) {
  const updateAlt = useUpdatePhotoAlt(propertyId);
  return (
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
            showPhotoError(error, PHOTO_MESSAGES.photoUpdateFailed);
            throw error;
          },
        )
      }
    />
  );
}

/** The buttons under a photo (move, set as main, delete); `label` names it ('photo 2 of 5') in their names. */
function PhotoActions({
  photo,
  index,
  count,
  label,
  onMove,
  onSetMain,
  onDelete,
}: Omit<SortablePhotoProps, 'propertyId'> & { label: string }) {
  return (
    <MediaItemActions label={label} position={{ index, count, onMove }} onDelete={onDelete}>
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
    </MediaItemActions>
  );
}

/** A photo card of the sortable grid, dragged by its handle. */
export function SortablePhoto({ propertyId, ...props }: SortablePhotoProps) {
  const { photo, index, count } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.id });
  const label = `photo ${index + 1} of ${count}`;

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
        <PhotoAltField propertyId={propertyId} photo={photo} label={label} />
        <PhotoActions {...props} label={label} />
      </div>
    </li>
  );
}
