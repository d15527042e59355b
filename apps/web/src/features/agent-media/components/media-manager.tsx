import { useEffect, useId, useRef, useState } from 'react';
import {
  checkMediaFile,
  MEDIA_COUNT_MESSAGES,
  MEDIA_KIND_RULES,
  MEDIA_MESSAGES,
} from '@abode/shared/agent/media.schema';
import type { ListingMedia, ListingMediaKind } from '@abode/shared/listings/listing.schema';
import { LISTING_MEDIA_KINDS } from '@abode/shared/listings/listing-vocabulary';
import { createTaskQueue } from '#src/lib/task-queue.ts';
import { isApiError } from '#src/lib/api-error.ts';
import { uploadMedia, useRefreshMedia } from '../api/media.ts';
import { MediaKindSection, type MediaUpload } from './media-kind-section.tsx';

/**
 * Files sent at the same time: one, as photos (agent-photos UPLOAD_CONCURRENCY): the server appends each file when it
 * is stored, so one at a time keeps the order chosen (Ground floor before First floor).
 */
const UPLOAD_CONCURRENCY = 1;

/**
 * A listing's floor plans, EPC certificate and brochure (REQ-LISTING-16 "Media"), beside the photos on the edit page: one
 * section per kind with its upload button (the formats the kind takes), a progress bar per upload, and the stored
 * files — thumbnails for images, an icon with the size for PDFs — each with its caption (saved when the field loses
 * focus) and a delete with confirmation. `media` is the listing's own (`AgentListingDetail.media`), refreshed after
 * every change; refusals show the server's message on the file's row.
 */
export function MediaManager({ propertyId, media }: { propertyId: string; media: readonly ListingMedia[] }) {
  const refresh = useRefreshMedia(propertyId);
  const [uploads, setUploads] = useState<MediaUpload[]>([]);
  const [queue] = useState(() => createTaskQueue(UPLOAD_CONCURRENCY));
  const [announcement, setAnnouncement] = useState('');
  const mounted = useRef(true);
  const headingId = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patchUpload = (key: string, patch: Partial<MediaUpload> | null) =>
    setUploads((list) =>
      patch === null
        ? list.filter((u) => u.key !== key)
        : list.map((u) => (u.key === key ? { ...u, ...patch } : u)),
    );

  const runUpload = async (key: string, kind: ListingMediaKind, file: File) => {
    patchUpload(key, { status: 'uploading' });
    try {
      await uploadMedia(propertyId, kind, file, (percent) => {
        if (mounted.current) patchUpload(key, { percent });
      });
      if (!mounted.current) return;
      patchUpload(key, null);
      setAnnouncement(`${MEDIA_MESSAGES.uploaded}: ${file.name}`);
      void refresh();
    } catch (error) {
      if (!mounted.current) return;
      const message = isApiError(error) ? error.message : MEDIA_MESSAGES.uploadFailed;
      patchUpload(key, { status: 'error', error: message });
      setAnnouncement(`${file.name}: ${message}`);
    }
  };

  const addFiles = (kind: ListingMediaKind, files: File[]) => {
    const pending = uploads.filter((u) => u.kind === kind && u.status !== 'error').length;
    let room = MEDIA_KIND_RULES[kind].maxCount - media.filter((m) => m.kind === kind).length - pending;
    const accepted: { key: string; file: File }[] = [];
    const added: MediaUpload[] = files.map((file, i) => {
      const key = `${Date.now()}-${kind}-${i}-${file.name}`;
      const error = checkMediaFile(kind, file) ?? (room <= 0 ? MEDIA_COUNT_MESSAGES[kind] : null);
      if (error) return { key, kind, name: file.name, percent: 0, status: 'error', error };
      room -= 1;
      accepted.push({ key, file });
      return { key, kind, name: file.name, percent: 0, status: 'queued' };
    });
    // Listed first, so the rows exist when the first upload reports progress.
    setUploads((current) => [...current, ...added]);
    for (const { key, file } of accepted) queue.add(() => runUpload(key, kind, file));
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="media-manager">
      <h2 id={headingId} className="text-lg font-semibold">
        {MEDIA_MESSAGES.sectionTitle}
      </h2>
      <div className="flex flex-col gap-6">
        {LISTING_MEDIA_KINDS.map((kind) => (
          <MediaKindSection
            key={kind}
            propertyId={propertyId}
            kind={kind}
            items={media.filter((m) => m.kind === kind)}
            uploads={uploads.filter((u) => u.kind === kind)}
            onFiles={(files) => addFiles(kind, files)}
            onDismiss={(key) => patchUpload(key, null)}
            onAnnounce={setAnnouncement}
          />
        ))}
      </div>
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
    </section>
  );
}
