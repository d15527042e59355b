/**
 * The grid of a listing's photos (REQ-AGENT-09): drag (or Space + arrow keys) to reorder, with what happens announced
 * to screen readers, 'Set as main', and delete with confirmation. The main photo is always the first.
 */
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
} from '@dnd-kit/sortable';
import { toast } from 'sonner';
import { PHOTO_MESSAGES, type AgentPhoto } from '@abode/shared/agent/photos.schema';
import { useConfirmDelete } from '#src/components/sortable-media/use-confirm-delete.tsx';
import { useDeletePhoto, useReorderPhotos, useSetMainPhoto } from '../api/photos.ts';
import { showPhotoError } from '../utils/photo-errors.ts';
import { SortablePhoto } from './sortable-photo.tsx';

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To reorder, press Space or Enter to pick up the photo, use the arrow keys to move it, then press ' +
    'Space or Enter to drop it, or Escape to cancel. The first photo is the main photo.',
};

/** What dnd-kit announces while a photo is dragged; positions are 1-based among the `ids` in order. */
function dragAnnouncements(ids: string[]): Announcements {
  const count = ids.length;
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => `Picked up photo ${position(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? `Photo ${position(active.id)} is over position ${position(over.id)} of ${count}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `Photo ${position(active.id)} was dropped at position ${position(over.id)} of ${count}.`
        : `Photo ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving cancelled. Photo ${position(active.id)} stays where it was.`,
  };
}

/** The sortable grid of `photos` (in order, main first); `onAnnounce` tells screen readers what a change did. */
export function PhotoGrid({
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
  const deletePhoto = useDeletePhoto(propertyId);
  const { confirmDelete, dialog } = useConfirmDelete<AgentPhoto>({
    title: 'Delete photo',
    description: PHOTO_MESSAGES.photoDeleteConfirm,
    onDelete: (photo) =>
      deletePhoto.mutate(photo.id, {
        onSuccess: () => toast.success(PHOTO_MESSAGES.photoDeleted),
        onError: (error) => showPhotoError(error, PHOTO_MESSAGES.photoDeleteFailed),
      }),
  });
  const ids = photos.map((p) => p.id);
  const count = photos.length;

  const sensors = useSensors(
    // A small distance so a click on the buttons of a card is never taken for a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
    const message = `Photo moved to position ${to + 1} of ${count}.${to === 0 ? ' It is now the main photo.' : ''}`;
    reorder.mutate(arrayMove(ids, from, to), {
      onSuccess: () => onAnnounce(message),
      onError: (error) => showPhotoError(error, PHOTO_MESSAGES.orderFailed),
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const makeMain = (photo: AgentPhoto) =>
    setMain.mutate(photo.id, {
      onSuccess: () => {
        toast.success(PHOTO_MESSAGES.mainPhotoSet);
        onAnnounce(`Photo is now the main photo and shown first.`);
      },
      onError: (error) => showPhotoError(error, PHOTO_MESSAGES.photoUpdateFailed),
    });

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: dragAnnouncements(ids),
          screenReaderInstructions: SCREEN_READER_INSTRUCTIONS,
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
                onSetMain={() => makeMain(photo)}
                onDelete={() => confirmDelete(photo)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {dialog}
    </>
  );
}
