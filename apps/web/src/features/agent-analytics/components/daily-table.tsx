import type { AnalyticsDay } from '@abode/shared/agent/analytics.schema';
import { formatCount, formatDayMonth } from '#src/lib/format.ts';

/** The chart's numbers as a table (its accessible fallback), folded away by default. */
export function DailyTable({ series, days }: { series: AnalyticsDay[]; days: number }) {
  return (
    <details className="group rounded-md border">
      <summary className="cursor-pointer px-4 py-2 text-sm font-medium">
        Show the daily figures as a table
      </summary>
      <div className="max-h-80 overflow-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Views and enquiries per day, last {days} days</caption>
          <thead className="sticky top-0 bg-muted">
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-medium">
                Day
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Views
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                Enquiries
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((day) => (
              <tr key={day.date} className="border-t">
                <th scope="row" className="px-4 py-1.5 text-left font-normal">
                  <time dateTime={day.date}>{formatDayMonth(day.date)}</time>
                </th>
                <td className="px-4 py-1.5 text-right tabular-nums">{formatCount(day.views)}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{formatCount(day.enquiries)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
