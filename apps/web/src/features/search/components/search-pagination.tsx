import type { LinkProps } from 'react-router';
import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationStep,
} from '#src/components/ui/pagination.tsx';
import { pageNumbers } from '#src/features/search/utils/page-numbers.ts';

/**
 * Previous / Next and page numbers, as real links to the other pages' URLs. Following one scrolls to the top
 * (ScrollRestoration) and `onNavigate` lets the page move focus to the results heading.
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
    <Pagination className="mt-10">
      <PaginationContent>
        <PaginationItem>
          <PaginationStep
            direction="previous"
            to={page > 1 ? linkTo(page - 1) : undefined}
            onClick={onNavigate}
          />
        </PaginationItem>
        {items.map((item, index) =>
          item === 'gap' ? (
            <PaginationItem key={`gap-${index}`} className="hidden sm:block">
              <PaginationEllipsis />
            </PaginationItem>
          ) : (
            <PaginationItem key={item} className={item === page ? undefined : 'hidden sm:block'}>
              <PaginationLink
                to={linkTo(item)}
                isActive={item === page}
                onClick={onNavigate}
                aria-label={`Page ${item}`}
              >
                {item}
              </PaginationLink>
            </PaginationItem>
          ),
        )}
        <PaginationItem>
          <PaginationStep
            direction="next"
            to={page < pageCount ? linkTo(page + 1) : undefined}
            onClick={onNavigate}
          />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}
