import type { ComponentProps } from 'react';
import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '#src/lib/utils.ts';

/** Segmented control (type="single": a radio group) or a set of toggle chips (type="multiple": pressed buttons). */
export function ToggleGroup({ className, ...props }: ComponentProps<typeof ToggleGroupPrimitive.Root>) {
  return <ToggleGroupPrimitive.Root className={cn('flex items-center', className)} {...props} />;
}

export const toggleItemVariants = cva(
  'inline-flex cursor-pointer items-center justify-center gap-1.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:relative focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        /** Joined buttons in one bordered bar, e.g. Buy | Rent. */
        segmented:
          'h-full flex-1 px-4 text-muted-foreground first:rounded-l-md last:rounded-r-md hover:text-foreground data-[state=on]:bg-primary data-[state=on]:text-primary-foreground',
        /** Free-standing rounded chips, e.g. feature tags. */
        chip: 'h-9 rounded-full border border-input bg-background px-3.5 text-foreground hover:bg-accent data-[state=on]:border-primary data-[state=on]:bg-brand-soft data-[state=on]:text-brand-soft-foreground',
        /** Square icon toggles, e.g. grid/list view. */
        icon: 'size-10 text-muted-foreground first:rounded-l-md last:rounded-r-md hover:text-foreground data-[state=on]:bg-brand-soft data-[state=on]:text-brand-soft-foreground',
      },
    },
    defaultVariants: { variant: 'segmented' },
  },
);

export function ToggleGroupItem({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToggleGroupPrimitive.Item> & VariantProps<typeof toggleItemVariants>) {
  return <ToggleGroupPrimitive.Item className={cn(toggleItemVariants({ variant }), className)} {...props} />;
}
