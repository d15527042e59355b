import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { ChevronLeft, ChevronRight, MoreHorizontal } from 'lucide-react';
import { buttonVariants } from '#src/components/ui/button.tsx';
import { cn } from '#src/lib/utils.ts';

export function Pagination({ className, ...props }: ComponentProps<'nav'>) {
  return (
    <nav aria-label="Pagination" className={cn('mx-auto flex w-full justify-center', className)} {...props} />
  );
}

export function PaginationContent({ className, ...props }: ComponentProps<'ul'>) {
  return (
    <ul className={cn('flex flex-row flex-wrap items-center justify-center gap-1', className)} {...props} />
  );
}

export function PaginationItem(props: ComponentProps<'li'>) {
  return <li {...props} />;
}

type PaginationLinkProps = LinkProps & { isActive?: boolean };

/** A page link; the current page carries aria-current="page". */
export function PaginationLink({ className, isActive = false, ...props }: PaginationLinkProps) {
  return (
    <Link
      aria-current={isActive ? 'page' : undefined}
      className={cn(
        buttonVariants({ variant: isActive ? 'outline' : 'ghost', size: 'icon' }),
        isActive && 'border-primary font-semibold text-primary',
        className,
      )}
      {...props}
    />
  );
}

/** Previous / Next: a link, or an inert placeholder at either end. */
export function PaginationStep({
  direction,
  to,
  onClick,
  preventScrollReset,
}: {
  direction: 'previous' | 'next';
  to: LinkProps['to'] | undefined;
  onClick?: LinkProps['onClick'];
  /** Keep the scroll position (ScrollRestoration) when the list is not at the top of the page. */
  preventScrollReset?: boolean;
}) {
  const label = direction === 'previous' ? 'Previous' : 'Next';
  const content =
    direction === 'previous' ? (
      <>
        <ChevronLeft aria-hidden="true" />
        <span>{label}</span>
      </>
    ) : (
      <>
        <span>{label}</span>
        <ChevronRight aria-hidden="true" />
      </>
    );
  const classes = cn(buttonVariants({ variant: 'ghost' }), 'gap-1 px-3');
  if (to === undefined) {
    return (
      <span aria-disabled="true" className={classes}>
        {content}
      </span>
    );
  }
  return (
    <Link
      to={to}
      onClick={onClick}
      preventScrollReset={preventScrollReset}
      className={classes}
      aria-label={`${label} page`}
    >
      {content}
    </Link>
  );
}

export function PaginationEllipsis() {
  return (
    <span aria-hidden="true" className="flex size-10 items-center justify-center text-muted-foreground">
      <MoreHorizontal className="size-4" />
    </span>
  );
}
