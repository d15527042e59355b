import { useId } from 'react';
import { formatPounds } from '@abode/shared/money';
import { Button } from '#src/components/ui/button.tsx';
import { Skeleton } from '#src/components/ui/skeleton.tsx';
import { useSoldPrices } from '#src/features/property/api/get-property.ts';
import { formatCount, formatDate } from '#src/lib/format.ts';
import { errorMessage } from '#src/lib/query-client.ts';
import { useNearViewport } from '#src/lib/use-near-viewport.ts';

/**
 * 'Sold prices nearby' (REQ-LISTING-18): HM Land Registry sales in the listing's postcode district, most recent first,
 * 20 at a time. Street-level addresses only.
 */
export function SoldPrices({ slug, outcode }: { slug: string; outcode?: string | undefined }) {
  const headingId = useId();
  // Far below the first screen on a phone: asked for as the visitor scrolls towards it (REQ-PERF).
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  const query = useSoldPrices(slug, near);
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  const items = pages.flatMap((p) => p.items);
  const district = first?.outcode ?? outcode;

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Sold prices nearby
      </h2>
      {query.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading sold prices…</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <p className="text-sm text-muted-foreground">
          Sold prices could not be loaded: {errorMessage(query.error)}
        </p>
      ) : !first || first.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          No sales are recorded in {district ? `the ${district} postcode district` : 'this postcode district'}{' '}
          yet.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {formatCount(first.total)} sales recorded in the {first.outcode} postcode district.
            {first.median12MonthsPence !== null && first.latestSoldOn && (
              <>
                {' '}
                Median price of the {formatCount(first.medianCount)} sales in the 12 months to{' '}
                {formatDate(first.latestSoldOn)}:{' '}
                <strong className="text-foreground">{formatPounds(first.median12MonthsPence)}</strong>.
              </>
            )}
          </p>
          <div
            className="overflow-x-auto rounded-lg border"
            tabIndex={0}
            role="region"
            aria-label="Sold prices table, scrolls sideways"
          >
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Recent sales in {first.outcode}, most recent first</caption>
              <thead className="bg-muted/60 text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Price
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Tenure
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Street
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((sale, i) => (
                  <tr key={`${sale.soldOn}-${sale.postcode}-${i}`} className="border-t">
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(sale.soldOn)}</td>
                    <td className="px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums">
                      {formatPounds(sale.pricePence)}
                    </td>
                    <td className="px-3 py-2">
                      {sale.propertyTypeLabel}
                      {sale.newBuild && <span className="text-muted-foreground"> (new build)</span>}
                    </td>
                    <td className="px-3 py-2">{sale.tenure}</td>
                    <td className="px-3 py-2">
                      {[sale.street, sale.town, sale.postcode].filter(Boolean).join(', ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-muted-foreground">
              Showing {formatCount(items.length)} of {formatCount(first.total)}. Contains HM Land Registry
              data © Crown copyright and database right. Licensed under the Open Government Licence v3.0.
            </p>
            {query.hasNextPage && (
              <Button
                variant="outline"
                size="sm"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
