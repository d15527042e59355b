import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { cn } from '#src/lib/utils.ts';

/**
 * Grey bars standing in for a list while it loads, announced as busy under `label` (e.g. 'Loading users').
 * `rowClassName` sets each bar's height (default `h-16`).
 */
export function ListSkeleton({
  label,
  rows = 5,
  rowClassName,
}: {
  label: string;
  rows?: number;
  rowClassName?: string;
}) {
  return (
    <div className="flex flex-col gap-2" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={cn('h-16 w-full', rowClassName)} />
      ))}
    </div>
  );
}
