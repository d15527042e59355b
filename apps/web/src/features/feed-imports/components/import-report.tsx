import { useState, type Ref } from 'react';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import {
  FEED_OUTCOME_LABELS,
  type FeedImportReport,
  type FeedIssue,
  type FeedOutcomeValue,
  type FeedRowReport,
} from '@abode/shared/feeds/feed-report.schema';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';
import { formatCount, formatDateTime } from '#src/lib/format.ts';
import { ImportCounts } from './import-counts.tsx';

/** Rows shown at first, and added by each 'Show more': a file of thousands of rows stays quick to open. */
export const REPORT_PAGE_ROWS = 100;

const OUTCOME_VARIANTS: Record<FeedOutcomeValue, 'default' | 'secondary' | 'outline' | 'warning'> = {
  created: 'default',
  updated: 'secondary',
  unchanged: 'outline',
  withdrawn: 'secondary',
  rejected: 'warning',
};

/** A row worth an agent's look: refused, or written with something to fix. */
export const isProblem = (row: FeedRowReport) =>
  row.outcome === 'rejected' || row.errors.length > 0 || row.warnings.length > 0;

function OutcomeBadge({ outcome }: { outcome: FeedOutcomeValue }) {
  return <Badge variant={OUTCOME_VARIANTS[outcome]}>{FEED_OUTCOME_LABELS[outcome]}</Badge>;
}

/** One problem in words, with the BLM column it is about ('… — column COUNCIL_TAX_BAND'). */
function Issue({ issue, kind }: { issue: FeedIssue; kind: 'error' | 'warning' }) {
  const Icon = kind === 'error' ? CircleAlert : TriangleAlert;
  return (
    <li className="flex items-start gap-1.5">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-4 shrink-0 ${kind === 'error' ? 'text-destructive' : 'text-warning'}`}
      />
      <span className="min-w-0 break-words">
        <span className="sr-only">{kind === 'error' ? 'Error: ' : 'Warning: '}</span>
        {issue.message}
        {issue.field && (
          <span className="text-muted-foreground">
            {' '}
            — column <code className="rounded bg-muted px-1 text-xs text-foreground">{issue.field}</code>
          </span>
        )}
      </span>
    </li>
  );
}

function Issues({ row }: { row: FeedRowReport }) {
  if (row.errors.length === 0 && row.warnings.length === 0)
    return <span className="text-muted-foreground">None</span>;
  return (
    <ul className="flex flex-col gap-1">
      {row.errors.map((issue, i) => (
        <Issue key={`e${i}`} issue={issue} kind="error" />
      ))}
      {row.warnings.map((issue, i) => (
        <Issue key={`w${i}`} issue={issue} kind="warning" />
      ))}
    </ul>
  );
}

/** 'Row 3', or 'Not in the file' for a listing withdrawn because the file no longer held it. */
const rowLabel = (row: FeedRowReport) => (row.row ? `Row ${row.row}` : 'Not in the file');

function ListingLink({ row }: { row: FeedRowReport }) {
  if (!row.propertyId) return <span className="text-muted-foreground">None</span>;
  return (
    <Link
      to={paths.agent.editProperty(row.propertyId)}
      // Every row's link reads 'Edit listing': the CRM's reference tells them apart for a screen reader.
      aria-label={`Edit listing ${row.agentRef ?? rowLabel(row)}`}
      className="font-medium text-primary hover:underline"
    >
      Edit listing
    </Link>
  );
}

const REPORT_COLUMNS: Column<FeedRowReport>[] = [
  {
    id: 'row',
    header: 'Row',
    card: 'title',
    className: 'whitespace-nowrap tabular-nums',
    cell: (row) => row.row ?? '—',
    cardCell: (row) => <p className="font-medium">{rowLabel(row)}</p>,
  },
  {
    id: 'reference',
    header: 'Reference',
    card: 'title',
    className: 'max-w-48 min-w-32 break-all',
    cell: (row) => row.agentRef ?? '—',
    cardCell: (row) => <p className="break-all text-muted-foreground">{row.agentRef ?? 'No reference'}</p>,
  },
  { id: 'outcome', header: 'Outcome', card: 'aside', cell: (row) => <OutcomeBadge outcome={row.outcome} /> },
  {
    id: 'listing',
    header: 'Listing',
    card: 'footer',
    className: 'whitespace-nowrap',
    cell: (row) => <ListingLink row={row} />,
    cardCell: (row) => row.propertyId && <ListingLink row={row} />,
  },
  {
    id: 'issues',
    header: 'Errors and warnings',
    card: 'body',
    className: 'min-w-64',
    cell: (row) => <Issues row={row} />,
  },
];

/** The rows as a table, or cards below 768 px; a row's place in the list keys it, since withdrawn ones have no row. */
function ReportRows({ rows }: { rows: FeedRowReport[] }) {
  return (
    <ListOrCards
      rows={rows}
      rowKey={(row, i) => `${row.row ?? 'w'}-${row.agentRef ?? ''}-${i}`}
      columns={REPORT_COLUMNS}
      label="Rows of the import"
      cardLabel={(row) => `${rowLabel(row)}${row.agentRef ? `, ${row.agentRef}` : ''}`}
    />
  );
}

/**
 * One import's report (ADR 030): the file, when it was read, its counts, the problems with the file as a whole, and
 * a row per data row and per withdrawn listing — row number, the CRM's reference, outcome, a link to the listing, and
 * its errors and warnings in words with the BLM column named — filterable to the problems only. Shown 100 rows at a
 * time. Below 768 px the rows are cards. The heading can take focus (`headingRef`) when a new report arrives.
 */
export function ImportReport({
  report,
  headingRef,
}: {
  report: FeedImportReport;
  headingRef?: Ref<HTMLHeadingElement> | undefined;
}) {
  const [problemsOnly, setProblemsOnly] = useState(false);
  const [shown, setShown] = useState(REPORT_PAGE_ROWS);
  const problems = report.rows.filter(isProblem);
  const rows = problemsOnly ? problems : report.rows;
  const visible = rows.slice(0, shown);
  return (
    <section
      aria-labelledby="import-report-title"
      className="flex flex-col gap-4"
      data-testid="import-report"
    >
      <div className="flex flex-col gap-1">
        <h2
          id="import-report-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold break-words"
        >
          Report: {report.fileName}
        </h2>
        <p className="text-sm text-muted-foreground">
          Imported <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        </p>
      </div>
      <ImportCounts counts={report.counts} />
      {report.fileErrors.length > 0 && (
        <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="mb-1 font-medium">Problems with the file</p>
          <ul className="flex flex-col gap-1">
            {report.fileErrors.map((issue, i) => (
              <Issue key={i} issue={issue} kind="error" />
            ))}
          </ul>
        </div>
      )}
      {report.rows.length > 0 && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={problemsOnly}
                onChange={(event) => {
                  setProblemsOnly(event.target.checked);
                  setShown(REPORT_PAGE_ROWS);
                }}
              />
              Problems only
            </label>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {problemsOnly
                ? `${formatCount(problems.length)} of ${formatCount(report.rows.length)} rows have problems`
                : `${formatCount(report.rows.length)} rows, ${formatCount(problems.length)} with problems`}
            </p>
          </div>
          {rows.length === 0 ? (
            <p className="rounded-lg border bg-muted/40 p-4 text-sm">No row has a problem.</p>
          ) : (
            <ReportRows rows={visible} />
          )}
          {rows.length > shown && (
            <Button variant="outline" className="w-fit" onClick={() => setShown((n) => n + REPORT_PAGE_ROWS)}>
              Show {Math.min(REPORT_PAGE_ROWS, rows.length - shown)} more rows
            </Button>
          )}
        </>
      )}
    </section>
  );
}
