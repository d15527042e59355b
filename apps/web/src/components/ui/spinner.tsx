import { cn } from '#src/lib/utils.ts';

/** A centred spinner with a spoken label (role=status). */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex flex-1 flex-col items-center justify-center gap-3 py-24', className)}
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-soft border-t-primary"
      />
      <span className={label === 'Loading…' ? 'sr-only' : 'text-sm text-muted-foreground'}>{label}</span>
    </div>
  );
}
