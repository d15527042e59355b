import type { FeedImportCounts } from '@abode/shared/feeds/feed-report.schema';
import { formatCount } from '#src/lib/format.ts';

/** The counts in the order an agent reads an import: what it wrote, then what went wrong. */
const COUNT_LABELS: [keyof FeedImportCounts, string][] = [
  ['created', 'Created'],
  ['updated', 'Updated'],
  ['unchanged', 'Unchanged'],
  ['withdrawn', 'Withdrawn'],
  ['rejected', 'Rejected'],
  ['mediaWarnings', 'With media warnings'],
];

/** '2 created, 1 updated, 1 rejected'; 'No rows' for an import that wrote nothing at all. */
export function countsSentence(counts: FeedImportCounts): string {
  const parts = COUNT_LABELS.filter(([key]) => counts[key] > 0).map(([key, label]) =>
    key === 'mediaWarnings'
      ? `${formatCount(counts[key])} with media warnings`
      : `${formatCount(counts[key])} ${label.toLowerCase()}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'No rows';
}

/** An import's counts as labelled figures: created, updated, unchanged, withdrawn, rejected, with media warnings. */
export function ImportCounts({ counts }: { counts: FeedImportCounts }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label="Counts">
      {COUNT_LABELS.map(([key, label]) => {
        const alarming = (key === 'rejected' || key === 'mediaWarnings') && counts[key] > 0;
        return (
          <div
            key={key}
            className={`flex flex-col rounded-lg border px-3 py-2 ${alarming ? 'border-warning/50 bg-warning/5' : 'bg-muted/40'}`}
          >
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount(counts[key])}</dd>
          </div>
        );
      })}
    </dl>
  );
}
