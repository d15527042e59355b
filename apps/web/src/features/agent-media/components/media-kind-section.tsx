import { useId, useRef } from 'react';
import { FilePlus2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  MEDIA_KIND_HEADINGS,
  MEDIA_KIND_RULES,
  MEDIA_KIND_TIPS,
  MEDIA_MESSAGES,
  mediaAccept,
} from '@abode/shared/agent/media.schema';
import type { ListingMedia, ListingMediaKind } from '@abode/shared/listings/listing.schema';
import { LISTING_MEDIA_KIND_LABELS } from '@abode/shared/listings/listing-vocabulary';
import { useConfirmDelete } from '#src/components/sortable-media/use-confirm-delete.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { UploadProgressRow, type UploadProgress } from '#src/components/upload-progress-row.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useDeleteMedia } from '../api/media.ts';
import { MediaItemCard } from './media-item-card.tsx';

/** One file in a section's upload list: waiting, sending (with progress) or refused/failed (with the reason). */
export interface MediaUpload extends UploadProgress {
  kind: ListingMediaKind;
}

/** Per kind: the upload button, the file input's name, and the noun that names one file in buttons and fields. */
const WORDS: Record<ListingMediaKind, { add: string; choose: string; noun: string }> = {
  'floor-plan': { add: 'Add floor plans', choose: 'Choose floor plans to upload', noun: 'floor plan' },
  epc: { add: 'Add EPC certificate', choose: 'Choose an EPC certificate to upload', noun: 'EPC certificate' },
  brochure: { add: 'Add brochure', choose: 'Choose a brochure to upload', noun: 'brochure' },
};

/**
 * One kind's part of the media manager: heading, tip and count, the upload button (disabled once the kind is full),
 * the uploads in progress and the stored files.
 */
export function MediaKindSection({
  propertyId,
  kind,
  items,
  uploads,
  onFiles,
  onDismiss,
  onAnnounce,
}: {
  propertyId: string;
  kind: ListingMediaKind;
  items: ListingMedia[];
  uploads: MediaUpload[];
  onFiles: (files: File[]) => void;
  onDismiss: (key: string) => void;
  onAnnounce: (text: string) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const tipId = useId();
  const deleteMedia = useDeleteMedia(propertyId);
  const { confirmDelete, dialog } = useConfirmDelete<{ media: ListingMedia; label: string }>({
    title: ({ label }) => `Delete ${label}`,
    description: MEDIA_MESSAGES.deleteConfirm,
    onDelete: ({ media, label }) =>
      deleteMedia.mutate(media.id, {
        onSuccess: () => {
          toast.success(MEDIA_MESSAGES.deleted);
          onAnnounce(`${label} deleted`);
        },
        onError: (error) =>
          showErrorToast(isApiError(error) ? error.message : MEDIA_MESSAGES.deleteFailed, { error }),
      }),
  });
  const { maxCount } = MEDIA_KIND_RULES[kind];
  const full = items.length >= maxCount;
  const heading = MEDIA_KIND_HEADINGS[kind];

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
      data-testid={`media-${kind}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="font-semibold">
            {heading}{' '}
            <span className="text-sm font-normal text-muted-foreground tabular-nums">
              ({items.length} of {maxCount})
            </span>
          </h3>
          <p id={tipId} className="text-sm text-muted-foreground">
            {MEDIA_KIND_TIPS[kind]}
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          aria-describedby={tipId}
          onClick={() => inputRef.current?.click()}
        >
          <FilePlus2 aria-hidden="true" />
          {WORDS[kind].add}
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple={maxCount > 1}
          accept={mediaAccept(kind)}
          aria-label={WORDS[kind].choose}
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            if (event.target.files) onFiles(Array.from(event.target.files));
            // Choosing the same file again after an error must fire change again.
            event.target.value = '';
          }}
        />
      </div>

      {uploads.length > 0 && (
        <ul aria-label={`${heading} uploads`} className="flex flex-col gap-2">
          {uploads.map((upload) => (
            <UploadProgressRow
              key={upload.key}
              upload={upload}
              onDismiss={() => onDismiss(upload.key)}
              checking="Checking…"
            />
          ))}
        </ul>
      )}

      {items.length > 0 ? (
        <ol aria-label={heading} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((media, index) => {
            const label = `${WORDS[kind].noun} ${index + 1}`;
            return (
              <MediaItemCard
                key={media.id}
                propertyId={propertyId}
                media={media}
                label={label}
                title={`${LISTING_MEDIA_KIND_LABELS[kind]} ${index + 1}`}
                onDelete={() => confirmDelete({ media, label })}
              />
            );
          })}
        </ol>
      ) : (
        uploads.length === 0 && <p className="text-sm text-muted-foreground">None yet</p>
      )}

      {dialog}
    </section>
  );
}
