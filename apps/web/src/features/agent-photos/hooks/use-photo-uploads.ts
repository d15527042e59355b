/**
 * The photo manager's upload queue (REQ-AGENT-09): files chosen or dropped are checked, listed, and sent one at a
 * time in the order chosen, each with its progress; what was uploaded is announced to screen readers.
 */
import { useEffect, useRef, useState } from 'react';
import { checkPhotoFile, MAX_PHOTOS_PER_LISTING, PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import type { UploadProgress } from '#src/components/upload-progress-row.tsx';
import { createTaskQueue } from '#src/lib/task-queue.ts';
import { uploadPhoto, useRefreshPhotos } from '../api/photos.ts';
import { errorMessage } from '../utils/photo-errors.ts';

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

/**
 * The uploads of a listing's photos. `photoCount` is the number of photos it has (undefined while loading): files
 * beyond MAX_PHOTOS_PER_LISTING, counting those still queued, are refused. Returns the upload list, `addFiles`,
 * `dismiss` (drops a row), and the status `announcement` with its setter (the grid announces moves there too).
 */
export function usePhotoUploads(propertyId: string, photoCount: number | undefined) {
  const refresh = useRefreshPhotos(propertyId);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [queue] = useState(() => createTaskQueue(UPLOAD_CONCURRENCY));
  const mounted = useRef(true);
  const [announcement, setAnnouncement] = useState('');

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
    let room = MAX_PHOTOS_PER_LISTING - (photoCount ?? 0) - pending;
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

  return {
    uploads,
    addFiles,
    dismiss: (key: string) => patchUpload(key, null),
    announcement,
    setAnnouncement,
  };
}
