import { History } from 'lucide-react';
import type { FeedImportSummary } from '@abode/shared/feeds/feed-report.schema';
import { Button } from '#src/components/ui/button.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { useIsMobile } from '#src/components/ui/sidebar.tsx';
import { useFeedImports } from '../api/feed-imports.ts';
import { formatImportTime } from '../utils/format.ts';
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

/**
 * The agency's latest BLM imports (issue #27), newest first, from this screen or a CRM's key: when, the file, who
 * sent it and what it did; 'View report' shows one's report above. Cards below 768 px.
 */
export function ImportHistory(props: HistoryProps) {
  const imports = useFeedImports();
  const isMobile = useIsMobile();
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
      ) : isMobile ? (
        <ul className="flex flex-col gap-3" aria-label="Earlier imports">
          {items.map((item) => (
            <li key={item.id}>
              <article
                aria-label={item.fileName}
                className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-sm shadow-xs"
              >
                <p className="font-medium break-all">{item.fileName}</p>
                <p className="text-muted-foreground">
                  <time dateTime={item.createdAt}>{formatImportTime(item.createdAt)}</time>
                  {item.sentBy && ` · ${item.sentBy}`}
                </p>
                <p>{countsSentence(item.counts)}</p>
                <ViewButton item={item} {...props} />
              </article>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-sm">
            <caption className="sr-only">Earlier imports</caption>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                {['Imported', 'File', 'Sent by', 'Result'].map((h) => (
                  <th key={h} scope="col" className="px-4 py-3 font-medium">
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Report</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr
                  key={item.id}
                  className="border-t align-middle data-[selected=true]:bg-accent/40"
                  data-selected={item.id === props.selectedId}
                >
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={item.createdAt}>{formatImportTime(item.createdAt)}</time>
                  </td>
                  <td className="max-w-56 px-4 py-3 font-medium break-all">{item.fileName}</td>
                  <td className="px-4 py-3">{item.sentBy ?? '—'}</td>
                  <td className="px-4 py-3">{countsSentence(item.counts)}</td>
                  <td className="px-4 py-3 text-right">
                    <ViewButton item={item} {...props} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
