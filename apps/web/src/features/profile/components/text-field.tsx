import type { ComponentProps, ReactNode } from 'react';
import { Input } from '#src/components/ui/input.tsx';
import { Label } from '#src/components/ui/label.tsx';

/**
 * A labelled input with its error underneath: `aria-invalid` and `aria-describedby` point at the error (and at
 * `describedBy`, e.g. a strength meter) so screen readers read it with the field.
 */
export function TextField({
  id,
  label,
  error,
  describedBy,
  children,
  ...props
}: ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error?: string | undefined;
  describedBy?: string | undefined;
  /** Shown under the input, above the error (e.g. the strength meter). */
  children?: ReactNode;
}) {
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...props} />
      {children}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
