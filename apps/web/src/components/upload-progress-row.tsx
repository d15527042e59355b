import { useId } from 'react';
import { X } from 'lucide-react';
import { Button } from '#src/components/ui/button.tsx';

/** One file on its way up: queued, uploading (percent sent) or refused with a message. */
export interface UploadProgress {
  key: string;
  name: string;
  percent: number;
  status: 'queued' | 'uploading' | 'error';
  error?: string;
}

/**
 * A file's row while it uploads (photos, floor plans, brochures): its name, a labelled progress bar and the
 * percentage, or the server's message with a dismiss button when it was refused. `checking` names the wait once
 * every byte is sent and the server is still checking the file (a PDF's content check).
 */
export function UploadProgressRow({
  upload,
  onDismiss,
  checking,
}: {
  upload: UploadProgress;
  onDismiss: () => void;
  checking?: string;
}) {
  const labelId = useId();
  const state =
    upload.status === 'queued'
      ? 'Waiting…'
      : upload.percent === 100 && checking
        ? checking
        : `${upload.percent}%`;
  return (
    <li className="flex flex-col gap-1 rounded-md border bg-card p-3">
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="min-w-0 truncate text-sm font-medium">
          {upload.name}
        </span>
        {upload.status === 'error' ? (
          <Button
            type="button"
            size="icon-sm"
            variant="ghost"
            aria-label={`Dismiss ${upload.name}`}
            onClick={onDismiss}
          >
            <X aria-hidden="true" />
          </Button>
        ) : (
          <span className="text-xs text-muted-foreground tabular-nums">{state}</span>
        )}
      </div>
      {upload.status === 'error' ? (
        <p role="alert" className="text-sm text-destructive">
          {upload.error}
        </p>
      ) : (
        <progress
          aria-labelledby={labelId}
          max={100}
          value={upload.percent}
          className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
        />
      )}
    </li>
  );
}
