import type { ReactNode } from 'react';
import { Label } from '#src/components/ui/label.tsx';
import { cn } from '#src/lib/utils.ts';

/**
 * A labelled form control with an optional hint and its error underneath (SPEC §8 texts). The control (children)
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
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The accessibility attributes of the control inside {@link FormField}: its `id`, `aria-invalid` when there is an
 * error, and `aria-describedby` naming the error (first, so it is read first) and the hint when `hint` is true.
 */
export function fieldA11y(id: string, error: string | undefined, hint = false) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
