import { Link } from 'react-router';
import { ArrowDown } from 'lucide-react';
import type { AnalyticsListing, AnalyticsListingSort } from '@abode/shared/agent/analytics.schema';
import { LISTING_STATUS_LABELS, type ListingStatus } from '@abode/shared/listings/listing.schema';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#src/components/ui/table.tsx';
import { paths } from '#src/config/paths.ts';
import { cn } from '#src/lib/utils.ts';
import { formatCount } from '#src/lib/format.ts';
import { formatRate } from './format.ts';

/** The numeric columns in display order; each sorts the table (on the server) when its header is followed. */
const COLUMNS: { key: AnalyticsListingSort; label: string; cell: (l: AnalyticsListing) => string }[] = [
  { key: 'views', label: 'Views', cell: (l) => formatCount(l.views) },
  { key: 'totalViews', label: 'Total views', cell: (l) => formatCount(l.totalViews) },
  { key: 'favourites', label: 'Favourites', cell: (l) => formatCount(l.favourites) },
  { key: 'enquiries', label: 'Enquiries', cell: (l) => formatCount(l.enquiries) },
  { key: 'conversion', label: 'Conversion', cell: (l) => formatRate(l.conversion) },
];

/** How the caption names each sort. */
const SORT_NAMES: Record<AnalyticsListingSort, string> = {
  views: 'views',
  totalViews: 'total views',
  favourites: 'favourites',
  enquiries: 'enquiries',
  conversion: 'conversion',
};

/**
 * One page of per-listing performance (REQ-AGENT-15): views and enquiries in the period, total views, favourites and
 * conversion. The server sorts and pages (an agent may have thousands of listings); each numeric header is a link to
 * `hrefForSort(column)` (most first) and the current one carries aria-sort="descending". Scrolls sideways on a
 * narrow screen instead of squeezing.
 */
export function ListingTable({
  listings,
  days,
  sort,
  hrefForSort,
}: {
  /** The rows of this page, already in order. */
  listings: AnalyticsListing[];
  days: number;
  sort: AnalyticsListingSort;
  hrefForSort: (sort: AnalyticsListingSort) => string;
}) {
  return (
    <Table className="min-w-[44rem]" containerClassName="rounded-md">
      <TableCaption>
        Performance of each listing in the last {days} days, sorted by {SORT_NAMES[sort]}, most first
      </TableCaption>
      <TableHeader className="bg-muted text-sm">
        <TableRow>
          <TableHead className="py-2">Listing</TableHead>
          {COLUMNS.map(({ key, label }) => (
            <TableHead key={key} className="py-2 text-right" aria-sort={sort === key ? 'descending' : 'none'}>
              <Link
                to={hrefForSort(key)}
                preventScrollReset
                className={cn(
                  'inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  sort === key && 'text-foreground',
                )}
              >
                {label}
                <ArrowDown className={sort === key ? 'size-3.5' : 'size-3.5 opacity-0'} aria-hidden="true" />
                <span className="sr-only">
                  {sort === key ? '(sorted, most first)' : '(sort by this column)'}
                </span>
              </Link>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {listings.map((listing) => (
          <TableRow key={listing.id}>
            <TableHead scope="row" className="max-w-[18rem] py-2 font-normal">
              <Link
                to={paths.agent.editProperty(listing.id)}
                className="block truncate font-medium hover:underline"
              >
                {listing.title}
              </Link>
              <span className="text-xs text-muted-foreground">
                {LISTING_STATUS_LABELS[listing.status as ListingStatus] ?? listing.status} ·{' '}
                {listing.mode === 'rent' ? 'To rent' : 'For sale'}
              </span>
            </TableHead>
            {COLUMNS.map(({ key, cell }) => (
              <TableCell key={key} className="py-2 text-right tabular-nums">
                {cell(listing)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
