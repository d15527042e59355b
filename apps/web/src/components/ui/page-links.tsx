import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationStep,
} from '#src/components/ui/pagination.tsx';

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
    <Pagination>
      <PaginationContent>
        <PaginationItem>
          <PaginationStep
            direction="previous"
            to={page > 1 ? hrefFor(page - 1) : undefined}
            preventScrollReset={preventScrollReset}
          />
        </PaginationItem>
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
        <PaginationItem>
          <PaginationStep
            direction="next"
            to={page < pageCount ? hrefFor(page + 1) : undefined}
            preventScrollReset={preventScrollReset}
          />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}
