import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { checkLogoFile, LOGO_ACCEPT, PHOTO_MESSAGES } from '@abode/shared/agent/photos.schema';
import { Button } from '#src/components/ui/button.tsx';
import { isApiError } from '#src/lib/api-error.ts';
import { PROFILE_LOGO_PATH, profileQueryKey, uploadLogo, useRemoveLogo } from '#src/lib/logo-api.ts';
import { showErrorToast } from '#src/lib/error-toast.ts';

/** Up to two initials of a name ('Alex Morgan' → 'AM'), for when there is no logo. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/**
 * The agent profile's photo panel (REQ-AGENT-12: 'Upload Photo' button and the hint 'JPG, PNG up to 2MB';
 * REQ-AGENT-14: the upload really works). Shows the logo or the agent's initials, checks the file's type and size first
 * (the server decides by content), uploads with a progress bar, and can remove the logo. Refreshes
 * ['agent', 'profile'] after a change.
 */
export function LogoUpload({
  logoUrl,
  name,
  path = PROFILE_LOGO_PATH,
  refreshKeys = [profileQueryKey],
}: {
  logoUrl: string | null;
  name: string;
  /** Whose logo: the profile's (default) or a branch's route (ADR 029). */
  path?: string;
  /** What to refresh after a change (default the profile). */
  refreshKeys?: readonly (readonly unknown[])[];
}) {
  const queryClient = useQueryClient();
  const removeLogo = useRemoveLogo(path, refreshKeys);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const progressLabelId = useId();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The logo just uploaded or removed, shown until the refreshed profile brings the same.
  const [shown, setShown] = useState<{ url: string | null; from: string | null } | null>(null);
  const current = shown && shown.from === logoUrl ? shown.url : logoUrl;
  const busy = percent !== null || removeLogo.isPending;

  const send = async (file: File) => {
    const problem = checkLogoFile(file);
    setError(problem);
    if (problem) return;
    setPercent(0);
    try {
      const answer = await uploadLogo(file, setPercent, path);
      setShown({ url: answer.logoUrl, from: logoUrl });
      toast.success(PHOTO_MESSAGES.logoUploaded);
      for (const queryKey of refreshKeys) void queryClient.invalidateQueries({ queryKey });
    } catch (caught) {
      const message = isApiError(caught) ? caught.message : PHOTO_MESSAGES.logoUploadFailed;
      setError(message);
      showErrorToast(message, { error: caught });
    } finally {
      setPercent(null);
    }
  };

  const remove = () => {
    setError(null);
    removeLogo.mutate(undefined, {
      onSuccess: () => {
        setShown({ url: null, from: logoUrl });
        toast.success(PHOTO_MESSAGES.logoRemoved);
      },
      onError: (caught) =>
        showErrorToast(isApiError(caught) ? caught.message : PHOTO_MESSAGES.logoRemoveFailed, {
          error: caught,
        }),
    });
  };

  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {current ? (
        <img
          src={current}
          alt={`Photo of ${name}`}
          width={96}
          height={96}
          className="size-24 rounded-full border bg-muted object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={`${name}: no photo yet`}
          className="flex size-24 items-center justify-center rounded-full bg-brand-soft text-2xl font-semibold text-brand-soft-foreground"
        >
          <span aria-hidden="true">{initialsOf(name)}</span>
        </div>
      )}

      <div className="flex flex-wrap justify-center gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          {PHOTO_MESSAGES.logoButton}
        </Button>
        {current && (
          <Button type="button" variant="ghost" disabled={busy} onClick={remove}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={LOGO_ACCEPT}
        aria-label="Choose a photo or logo to upload"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        {PHOTO_MESSAGES.logoHint}
      </p>
      {percent !== null && (
        <div className="flex w-full max-w-48 flex-col gap-1">
          <span id={progressLabelId} className="text-xs text-muted-foreground">
            Uploading… {percent}%
          </span>
          <progress
            aria-labelledby={progressLabelId}
            max={100}
            value={percent}
            className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
          />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
