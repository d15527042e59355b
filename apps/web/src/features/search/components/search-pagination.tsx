import type { LinkProps } from 'react-router';
import { PagerFrame } from '#src/components/ui/page-links.tsx';
import { PaginationEllipsis, PaginationItem, PaginationLink } from '#src/components/ui/pagination.tsx';
import { pageNumbers } from '#src/features/search/utils/page-numbers.ts';

/**
 * Previous / Next and page numbers, as real links to the other pages' URLs: the first, the last (the total is exact,
 * so the last page of any search is one click away, REQ-SEARCH-21; on a phone too) and the current page's neighbours,
 * grouped as in en-GB ('51,441'). Following one scrolls to the top (ScrollRestoration) and `onNavigate` lets the page
 * move focus to the results heading.
 */
export function SearchPagination({
  page,
  pageCount,
  linkTo,
  onNavigate,
}: {
  page: number;
  pageCount: number;
  linkTo: (page: number) => LinkProps['to'];
  onNavigate?: () => void;
}) {
  if (pageCount <= 1) return null;
  const items = pageNumbers(page, pageCount);
  return (
    <PagerFrame page={page} pageCount={pageCount} hrefFor={linkTo} onNavigate={onNavigate} className="mt-10">
      {items.map((item, index) =>
        item === 'gap' ? (
          // On a phone only the current and the last page show, with the gap before the last.
          <PaginationItem
            key={`gap-${index}`}
            className={index === items.length - 2 ? undefined : 'hidden sm:block'}
          >
            <PaginationEllipsis />
          </PaginationItem>
        ) : (
          <PaginationItem
            key={item}
            className={item === page || item === pageCount ? undefined : 'hidden sm:block'}
          >
            <PaginationLink
              to={linkTo(item)}
              isActive={item === page}
              onClick={onNavigate}
              aria-label={`Page ${item.toLocaleString('en-GB')}`}
              // A square for short numbers; the last page of a broad search ('51,441') widens it.
              className="w-auto min-w-10 px-2"
            >
              {item.toLocaleString('en-GB')}
            </PaginationLink>
          </PaginationItem>
        ),
      )}
    </PagerFrame>
  );
}
