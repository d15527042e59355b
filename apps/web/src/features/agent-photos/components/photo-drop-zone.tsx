/** The photo manager's drop zone: drag photos onto it, or 'Choose photos' to pick them (REQ-AGENT-09). */
import { useRef, useState, type DragEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { PHOTO_ACCEPT } from '@abode/shared/agent/photos.schema';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/lib/utils.ts';

/** A drop zone handing the files dropped or chosen to `onFiles`; `tipId` is the id of the tip about photos. */
export function PhotoDropZone({ tipId, onFiles }: { tipId: string; onFiles: (files: FileList) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    onFiles(event.dataTransfer.files);
  };

  return (
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
          if (event.target.files) onFiles(event.target.files);
          // Choosing the same file again after an error must fire change again.
          event.target.value = '';
        }}
      />
    </div>
  );
}
