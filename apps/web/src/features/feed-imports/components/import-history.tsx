import { History } from 'lucide-react';
import type { FeedImportSummary } from '@abode/shared/feeds/feed-report.schema';
import { ListOrCards, type Column } from '#src/components/data-table/list-or-cards.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { useFeedImports } from '../api/feed-imports.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { BULK_UPLOAD_TEXT } from '../utils/upload-form.ts';
import { countsSentence } from './import-counts.tsx';

interface HistoryProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
}

function ViewButton({ item, selectedId, onSelect }: HistoryProps & { item: FeedImportSummary }) {
  const selected = item.id === selectedId;
  return (
    <Button
      variant={selected ? 'secondary' : 'outline'}
      size="sm"
      aria-pressed={selected}
      onClick={() => onSelect(item.id)}
    >
      {selected ? 'Shown above' : 'View report'}
      <span className="sr-only">: {item.fileName}</span>
    </Button>
  );
}

/** The history's columns; a card puts who sent the file beside when. */
function historyColumns(props: HistoryProps): Column<FeedImportSummary>[] {
  return [
    {
      id: 'imported',
      header: 'Imported',
      card: 'body',
      className: 'px-4 whitespace-nowrap',
      cell: (item) => <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>,
      cardCell: (item) => (
        <p className="text-muted-foreground">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          {item.sentBy && ` · ${item.sentBy}`}
        </p>
      ),
    },
    {
      id: 'file',
      header: 'File',
      card: 'title',
      className: 'max-w-56 px-4 font-medium break-all',
      cell: (item) => item.fileName,
      cardCell: (item) => <span className="font-medium break-all">{item.fileName}</span>,
    },
    { id: 'sentBy', header: 'Sent by', card: 'none', className: 'px-4', cell: (item) => item.sentBy ?? '—' },
    {
      id: 'result',
      header: 'Result',
      card: 'body',
      className: 'px-4',
      cell: (item) => countsSentence(item.counts),
    },
    {
      id: 'report',
      header: 'Report',
      hideHeader: true,
      card: 'footer',
      align: 'end',
      className: 'px-4',
      cell: (item) => <ViewButton item={item} {...props} />,
    },
  ];
}

/**
 * The agency's latest BLM imports (REQ-FEED-07), newest first, from this screen or a CRM's key: when, the file, who
 * sent it and what it did; 'View report' shows one's report above. Cards below 768 px.
 */
export function ImportHistory(props: HistoryProps) {
  const imports = useFeedImports();
  const items = imports.data?.items;
  return (
    <section aria-labelledby="import-history-title" className="flex flex-col gap-3">
      <h2 id="import-history-title" className="text-lg font-semibold">
        Earlier imports
      </h2>
      {imports.isError ? (
        <LoadFailed message={BULK_UPLOAD_TEXT.historyLoadFailed} onRetry={() => void imports.refetch()} />
      ) : !items ? (
        <ListSkeleton label="Loading the imports" rows={3} />
      ) : items.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground">
          <History aria-hidden="true" className="size-4 shrink-0" />
          No file has been imported yet.
        </p>
      ) : (
        <ListOrCards
          rows={items}
          rowKey={(item) => item.id}
          columns={historyColumns(props)}
          label="Earlier imports"
          cardLabel={(item) => item.fileName}
          rowSelected={(item) => item.id === props.selectedId}
          rowClassName="align-middle"
        />
      )}
    </section>
  );
}
