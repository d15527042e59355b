import type { ReactNode } from 'react';
import { Label } from '#src/components/ui/label.tsx';
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
