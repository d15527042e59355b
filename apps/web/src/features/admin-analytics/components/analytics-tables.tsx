import { ADMIN_ANALYTICS_SERIES, type AdminAnalytics } from '@abode/shared/admin/analytics.schema';
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
import { formatCount, formatDayMonth } from '#src/lib/format.ts';

/** The chart's numbers as a table (its accessible fallback), folded away by default. */
export function TrendsTable({ data }: { data: AdminAnalytics }) {
  return (
    <details className="rounded-md border">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium">
        Show the daily figures as a table
      </summary>
      <Table containerClassName="max-h-80 overflow-auto rounded-none border-0 border-t">
        <TableCaption>Sign-ups, new listings, enquiries, searches and listing views per day</TableCaption>
        <TableHeader className="sticky top-0 bg-muted">
          <TableRow>
            <TableHead className="py-2">Day</TableHead>
            {ADMIN_ANALYTICS_SERIES.map((s) => (
              <TableHead key={s.key} className="py-2 text-right">
                {s.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.series.map((day) => (
            <TableRow key={day.date}>
              <TableHead scope="row" className="py-1.5 font-normal whitespace-nowrap text-foreground">
                <time dateTime={day.date}>{formatDayMonth(day.date)}</time>
              </TableHead>
              {ADMIN_ANALYTICS_SERIES.map((s) => (
                <TableCell key={s.key} className="py-1.5 text-right tabular-nums">
                  {formatCount(day[s.key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}

/**
 * A list of labelled counts drawn as horizontal bars. It is a real table (label, count), so the numbers read the
 * same with or without the bars, which are decoration.
 */
export function BarList({
  caption,
  labelHeader,
  rows,
}: {
  caption: string;
  labelHeader: string;
  rows: { label: string; count: number }[];
}) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">Listings</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row" className="w-1/3 py-1.5 pr-3 text-left font-normal">
              {r.label}
            </th>
            <td className="py-1.5">
              <div className="flex items-center gap-2">
                <div className="h-3 flex-1 rounded bg-muted" aria-hidden="true">
                  <div className="h-3 rounded bg-primary" style={{ width: `${(r.count / max) * 100}%` }} />
                </div>
                <span className="w-12 text-right tabular-nums">{formatCount(r.count)}</span>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Listing statuses as shown elsewhere (e.g. 'Sold STC'). */
export const statusLabel = (status: string) => LISTING_STATUS_LABELS[status as ListingStatus] ?? status;
