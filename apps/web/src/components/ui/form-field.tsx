import type { ReactNode } from 'react';
import { Label } from '#src/components/ui/label.tsx';
import { cn } from '#src/lib/utils.ts';

/**
 * A labelled form control with an optional hint and its error underneath (REQ-MSG-01 texts). The control (children)
 * takes `id`, and sets `aria-invalid` / `aria-describedby` from {@link fieldA11y} so a screen reader reads the error
 * and hint with it: the hint is `${id}-hint`, the error `${id}-error`. `required` adds a visual asterisk only (the
 * control itself says it is required).
 */
export function FormField({
  id,
  label,
  required = false,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A field's error message (REQ-CLIENT-10 texts), the one way a form shows one: `${id}-error`, which the control names in
 * `aria-describedby` ({@link fieldA11y}). Renders nothing without an error. `live` makes it a `role="alert"`, for a
 * message that appears while the user is elsewhere (e.g. under a pair of date fields, or after a server answer) and
 * would otherwise go unheard.
 */
export function FieldError({
  id,
  error,
  live = false,
  className,
}: {
  /** The control's id (the message takes `${id}-error`). */
  id: string;
  error?: string | undefined;
  live?: boolean;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p
      id={`${id}-error`}
      role={live ? 'alert' : undefined}
      className={cn('text-sm text-destructive', className)}
    >
      {error}
    </p>
  );
}

/**
 * The accessibility attributes of the control inside {@link FormField}: its `id`, `aria-invalid` when there is an
 * error, and `aria-describedby` naming the error (first, so it is read first), the hint when `hint` is true and
 * `also` (another element's id, e.g. a password strength meter) when given.
 */
export function fieldA11y(id: string, error: string | undefined, hint = false, also?: string) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', also ?? '']
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
