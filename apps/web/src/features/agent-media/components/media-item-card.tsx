import { FileText } from 'lucide-react';
import { toast } from 'sonner';
import { MEDIA_CAPTION_MAX_LENGTH, MEDIA_MESSAGES, pdfDownloadName } from '@abode/shared/agent/media.schema';
import type { ListingMedia } from '@abode/shared/listings/listing.schema';
import { SaveOnBlurField } from '#src/components/save-on-blur-field.tsx';
import { MediaItemActions } from '#src/components/sortable-media/media-item-actions.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';
import { useUpdateMediaCaption } from '../api/media.ts';
import { formatFileSize } from '@abode/shared/measurements';

/**
 * One stored floor plan, EPC certificate or brochure: its thumbnail (an image) or a PDF icon with the download name
 * and size, its caption and a delete button. `label` names it inside buttons and fields ('floor plan 2'), `title`
 * on its own (an image's text without a caption: 'Floor plan 2').
 */
export function MediaItemCard({
  propertyId,
  media,
  label,
  title,
  onDelete,
}: {
  propertyId: string;
  media: ListingMedia;
  label: string;
  title: string;
  onDelete: () => void;
}) {
  const updateCaption = useUpdateMediaCaption(propertyId);
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border bg-background">
      {media.format === 'image' ? (
        <div className="aspect-[4/3] bg-muted">
          <img
            src={media.url}
            srcSet={media.srcSet}
            sizes="(min-width: 1024px) 20vw, (min-width: 640px) 40vw, 90vw"
            alt={media.caption || title}
            loading="lazy"
            decoding="async"
            className="size-full object-contain"
          />
        </div>
      ) : (
        <a
          href={media.url}
          download={pdfDownloadName(media.kind)}
          className="flex items-center gap-3 bg-muted p-4 hover:bg-muted/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <FileText aria-hidden="true" className="size-9 shrink-0 text-destructive/80" />
          <span className="flex min-w-0 flex-col">
            <span className="text-sm font-medium break-all">{pdfDownloadName(media.kind)}</span>
            <span className="text-xs text-muted-foreground">
              PDF{media.bytes != null ? ` · ${formatFileSize(media.bytes)}` : ''}
              <span className="sr-only">, download {label}</span>
            </span>
          </span>
        </a>
      )}
      <div className="flex flex-col gap-3 p-3">
        <SaveOnBlurField
          label={`Caption for ${label}`}
          saved={media.caption ?? ''}
          maxLength={MEDIA_CAPTION_MAX_LENGTH}
          placeholder={media.kind === 'floor-plan' ? 'e.g. Ground floor' : 'Optional'}
          onSave={(caption) =>
            updateCaption.mutateAsync({ mediaId: media.id, caption }).then(
              (updated) => {
                toast.success(MEDIA_MESSAGES.updated);
                return updated.caption ?? '';
              },
              (error: unknown) => {
                showErrorToast(
                  isApiError(error)
                    ? (error.details[0]?.message ?? error.message)
                    : MEDIA_MESSAGES.updateFailed,
                  { error },
                );
                throw error;
              },
            )
          }
        />
        <MediaItemActions label={label} onDelete={onDelete} />
      </div>
    </li>
  );
}
