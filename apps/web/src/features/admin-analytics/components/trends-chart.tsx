/**
 * The five daily series as a recharts line chart (REQ-ADMIN). Default export, loaded with React.lazy, so recharts
 * only downloads with the analytics page. The chart is aria-hidden: the daily table beside it carries the numbers.
 */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ADMIN_ANALYTICS_SERIES, type AdminAnalyticsDay } from '@abode/shared/admin/analytics.schema';
import { formatDayMonth } from '#src/lib/format.ts';

const COLOURS = ['var(--color-primary)', '#c2410c', '#15803d', '#b45309', '#7c3aed'];

export default function TrendsChart({ series }: { series: AdminAnalyticsDay[] }) {
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        {/* The chart is a picture (aria-hidden; the table beside it has the numbers): no keyboard layer inside it. */}
        <LineChart
          data={series}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="date" tickFormatter={formatDayMonth} tick={{ fontSize: 12 }} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(day) => formatDayMonth(String(day))} />
          <Legend />
          {ADMIN_ANALYTICS_SERIES.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={COLOURS[i]}
              dot={false}
              strokeWidth={2}
              // No drawing animation: it ignores prefers-reduced-motion and adds nothing to the numbers.
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
