import type { ComponentProps } from 'react';
import { cn } from '#src/lib/utils.ts';

/** A form label; pass `htmlFor` (or wrap the control). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm leading-none font-medium select-none', className)} {...props} />;
}
