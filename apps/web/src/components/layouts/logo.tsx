import { cn } from '#src/lib/utils.ts';
import { SITE_NAME } from '#src/config/site.ts';

/** The Abode word mark: a small house glyph and the name. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('flex items-center gap-2 text-xl font-bold tracking-tight', className)}>
      <svg
        aria-hidden="true"
        viewBox="0 0 32 32"
        className={cn('size-8', inverted ? 'text-white' : 'text-primary')}
      >
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M7 15.5 16 8l9 7.5V24a1 1 0 0 1-1 1h-5.5v-6h-5v6H8a1 1 0 0 1-1-1z"
          className={inverted ? 'fill-primary' : 'fill-white'}
        />
      </svg>
      <span className={inverted ? 'text-white' : 'text-foreground'}>{SITE_NAME}</span>
    </span>
  );
}
