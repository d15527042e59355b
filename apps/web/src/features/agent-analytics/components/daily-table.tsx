import type { AnalyticsDay } from '@abode/shared/agent/analytics.schema';
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
export function DailyTable({ series, days }: { series: AnalyticsDay[]; days: number }) {
  return (
    <details className="group rounded-md border">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium">
        Show the daily figures as a table
      </summary>
      <Table containerClassName="max-h-80 overflow-auto rounded-none border-0 border-t">
        <TableCaption>Views and enquiries per day, last {days} days</TableCaption>
        <TableHeader className="sticky top-0 bg-muted">
          <TableRow>
            <TableHead className="px-4 py-2">Day</TableHead>
            <TableHead className="px-4 py-2 text-right">Views</TableHead>
            <TableHead className="px-4 py-2 text-right">Enquiries</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {series.map((day) => (
            <TableRow key={day.date}>
              <TableHead scope="row" className="px-4 py-1.5 font-normal text-foreground">
                <time dateTime={day.date}>{formatDayMonth(day.date)}</time>
              </TableHead>
              <TableCell className="px-4 py-1.5 text-right tabular-nums">{formatCount(day.views)}</TableCell>
              <TableCell className="px-4 py-1.5 text-right tabular-nums">
                {formatCount(day.enquiries)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </details>
  );
}
