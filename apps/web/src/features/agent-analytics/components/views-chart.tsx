/**
 * Views and enquiries per day as a recharts area chart (REQ-ENQ-03). Default export, loaded with React.lazy, so
 * recharts only ever downloads with the analytics page. The chart is a picture for sighted users; screen readers
 * get the same numbers from the daily table next to it (the chart is aria-hidden).
 */
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDay } from '@abode/shared/agent/analytics.schema';
import { formatDayMonth } from '#src/lib/format.ts';

export default function ViewsChart({ series }: { series: AnalyticsDay[] }) {
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        {/* The chart is a picture (aria-hidden; the table beside it has the numbers): no keyboard layer inside it. */}
        <AreaChart
          data={series}
          margin={{ top: 8, right: -8, bottom: 0, left: -8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="date" tickFormatter={formatDayMonth} tick={{ fontSize: 12 }} minTickGap={24} />
          {/* Enquiries are a few a day against hundreds of views: each gets its own scale, or they vanish. */}
          <YAxis yAxisId="views" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="enquiries" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(day) => formatDayMonth(String(day))} />
          <Legend />
          <Area
            type="monotone"
            yAxisId="views"
            dataKey="views"
            name="Views"
            stroke="var(--color-primary)"
            fill="var(--color-primary)"
            fillOpacity={0.15}
            // No drawing animation: it ignores prefers-reduced-motion and adds nothing to the numbers.
            isAnimationActive={false}
          />
          <Area
            type="monotone"
            yAxisId="enquiries"
            dataKey="enquiries"
            name="Enquiries"
            stroke="#c2410c"
            fill="#c2410c"
            fillOpacity={0.15}
            // No drawing animation: it ignores prefers-reduced-motion and adds nothing to the numbers.
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
