import type { ReactNode } from 'react';
import type { LinkProps } from 'react-router';
import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationStep,
} from '#src/components/ui/pagination.tsx';

/**
 * What every pager shares: Previous, the page numbers (`children`), Next, in a "Pagination" nav; Previous / Next
 * are inert on the first / last page. `onNavigate` runs on any of its links (e.g. to move focus to a heading).
 */
export function PagerFrame({
  page,
  pageCount,
  hrefFor,
  onNavigate,
  preventScrollReset,
  className,
  children,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => LinkProps['to'];
  onNavigate?: () => void;
  preventScrollReset?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Pagination className={className}>
      <PaginationContent>
        <PaginationItem>
          <PaginationStep
            direction="previous"
            to={page > 1 ? hrefFor(page - 1) : undefined}
            onClick={onNavigate}
            preventScrollReset={preventScrollReset}
          />
        </PaginationItem>
        {children}
        <PaginationItem>
          <PaginationStep
            direction="next"
            to={page < pageCount ? hrefFor(page + 1) : undefined}
            onClick={onNavigate}
            preventScrollReset={preventScrollReset}
          />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}

/** How many page numbers show around the current page (Previous/Next and the first/last links reach the rest). */
const WINDOW = 5;

/**
 * Previous / page numbers / Next as links (`hrefFor(page)` builds each target, e.g. `?page=3` keeping the other
 * query parameters); nothing when everything fits on one page. Up to five numbers around the current page, plus
 * the first and last page behind an ellipsis when they fall outside, so page 142 of 142 is one click away. On
 * narrow screens only the current page number, the first/last links and Previous/Next show.
 */
export function PageLinks({
  page,
  pageCount,
  hrefFor,
  preventScrollReset,
}: {
  /** The current page, from 1. */
  page: number;
  /** How many pages there are (at least 1). */
  pageCount: number;
  hrefFor: (page: number) => string;
  /** Keep the scroll position on a page change (for a list further down the page); default: back to the top. */
  preventScrollReset?: boolean;
}) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - WINDOW + 1));
  const pages = Array.from({ length: Math.min(WINDOW, pageCount) }, (_, i) => first + i);
  const last = pages[pages.length - 1]!;
  const number = (p: number, alwaysShown = false) => (
    <PaginationItem key={p} className={p === page || alwaysShown ? undefined : 'hidden sm:block'}>
      <PaginationLink
        to={hrefFor(p)}
        isActive={p === page}
        aria-label={`Page ${p}`}
        preventScrollReset={preventScrollReset}
      >
        {p}
      </PaginationLink>
    </PaginationItem>
  );
  return (
    <PagerFrame page={page} pageCount={pageCount} hrefFor={hrefFor} preventScrollReset={preventScrollReset}>
      {first > 1 && number(1, true)}
      {first > 2 && (
        <PaginationItem>
          <PaginationEllipsis />
        </PaginationItem>
      )}
      {pages.map((p) => number(p))}
      {last < pageCount - 1 && (
        <PaginationItem>
          <PaginationEllipsis />
        </PaginationItem>
      )}
      {last < pageCount && number(pageCount, true)}
    </PagerFrame>
  );
}
