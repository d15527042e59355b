import type { ReactNode } from 'react';
import { Label } from '#src/components/ui/label.tsx';
import { Select, type SelectProps } from '#src/components/ui/select.tsx';
import { cn } from '#src/lib/utils.ts';

/**
 * A small caption above a form control. `id` is the control's id, or — with `labelIsForGroup` — the id the caption
 * itself takes, for a group (radio or toggle group) that points at it with aria-labelledby.
 */
export function Field({
  id,
  label,
  labelIsForGroup = false,
  className,
  children,
}: {
  id: string;
  label: string;
  labelIsForGroup?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      {labelIsForGroup ? (
        <span id={id} className="text-xs font-medium text-muted-foreground">
          {label}
        </span>
      ) : (
        <Label htmlFor={id} className="text-xs text-muted-foreground">
          {label}
        </Label>
      )}
      {children}
    </div>
  );
}

/**
 * A {@link Select} under its {@link Field} caption, the two tied by `id`: the filter bars' dropdowns. `className` is
 * the field's (e.g. its grid cell); the rest goes to the select.
 */
export function SelectField({
  id,
  label,
  className,
  ...select
}: { id: string; label: string; className?: string } & Omit<SelectProps, 'id' | 'className'>) {
  return (
    <Field id={id} label={label} className={className}>
      <Select id={id} {...select} />
    </Field>
  );
}
