import { useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Inbox } from 'lucide-react';
import { ENQUIRY_STATUS_FILTERS, ENQUIRY_STATUS_LABELS } from '@abode/shared/enquiries/enquiry-list.schema';
import { EmptyState, NoMatches } from '#src/components/ui/empty-state.tsx';
import { Field, SelectField } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import type { SelectOption } from '#src/components/ui/select.tsx';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';
import { formatCount } from '#src/lib/format.ts';

const STATUS_OPTIONS = ENQUIRY_STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? 'All statuses' : ENQUIRY_STATUS_LABELS[s],
}));

/** The texts of one enquiry inbox: its search box and its two empty states (REQ-AGENT-11). */
export interface EnquiryInboxMessages {
  searchLabel: string;
  searchPlaceholder: string;
  noEnquiriesTitle: string;
  noEnquiriesText: string;
  noMatchesTitle: string;
  noMatchesText: string;
}

/** One more filter of a page (the agent's 'Assigned'): a select kept in `?{key}=`, 'all' meaning none. */
export interface InboxFilter {
  key: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
}

/** A loaded page of enquiries: its rows, the total matching and the counts over all of them. */
interface EnquiryPage<T> {
  items: T[];
  total: number;
  pageSize: number;
  stats: { total: number };
}

/**
 * The body of an enquiry inbox (the agent's /agent/enquiries and the admin's /admin/enquiries): heading and intro,
 * the stat cards, a search (debounced into `?q=`) and a status filter (`?status=`), then the loading, failed, empty
 * and no-match states, or the rows with their count and pages (`?page=`). A failed load toasts 'Error' with
 * `loadFailed` (one toast, id `toastId`) and offers a retry. What differs between the two pages (texts, stat cards,
 * more filters, the rows' own table, a details dialog) comes in as props.
 */
export function EnquiryInbox<T>({
  documentTitle,
  intro,
  idPrefix,
  messages,
  searchMaxLength,
  loadFailed,
  toastId,
  filters,
  query,
  stats,
  moreFilters = [],
  rows,
  children,
}: {
  documentTitle: string;
  intro: string;
  /** Prefix of the filter fields' ids, unique on the page. */
  idPrefix: string;
  messages: EnquiryInboxMessages;
  searchMaxLength: number;
  loadFailed: string;
  toastId: string;
  /** The filters as the page parsed them from the URL. */
  filters: { q: string; status: string; page: number };
  query: { data: EnquiryPage<T> | undefined; isError: boolean; refetch: () => unknown };
  stats: ReactNode;
  /** Selects after the status filter, each in its own `?key=`. */
  moreFilters?: readonly InboxFilter[];
  rows: (items: T[]) => ReactNode;
  /** Rendered after the list (a details dialog). */
  children?: ReactNode;
}) {
  const { data, isError: failed } = query;
  const { search, setSearch, submitSearch, setFilter, clearFilters, hrefFor, pageCount } =
    useUrlFilters<string>({ q: filters.q, list: data });

  useEffect(() => {
    if (failed) toast.error('Error', { description: loadFailed, id: toastId });
  }, [failed, loadFailed, toastId]);

  const filtered = Boolean(
    filters.q || filters.status !== 'all' || moreFilters.some((filter) => filter.value !== 'all'),
  );

  return (
    <div className="flex flex-col gap-6">
      <title>{documentTitle}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Enquiries</h1>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>

      {stats}

      <form
        role="search"
        aria-label="Filter enquiries"
        className={
          moreFilters.length
            ? 'grid gap-3 sm:grid-cols-[1fr_12rem_12rem]'
            : 'grid gap-3 sm:grid-cols-[1fr_12rem]'
        }
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
        }}
      >
        <Field id={`${idPrefix}-q`} label={messages.searchLabel}>
          <Input
            id={`${idPrefix}-q`}
            type="search"
            placeholder={messages.searchPlaceholder}
            maxLength={searchMaxLength}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <SelectField
          id={`${idPrefix}-status`}
          label="Status"
          options={STATUS_OPTIONS}
          value={filters.status}
          onValueChange={(value) => setFilter('status', value)}
        />
        {moreFilters.map((filter) => (
          <SelectField
            key={filter.key}
            id={`${idPrefix}-${filter.key}`}
            label={filter.label}
            options={filter.options}
            value={filter.value}
            onValueChange={(value) => setFilter(filter.key, value)}
          />
        ))}
      </form>

      {failed && !data ? (
        <LoadFailed message={loadFailed} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <ListSkeleton label="Loading enquiries" />
      ) : data.stats.total === 0 ? (
        <EmptyState icon={<Inbox aria-hidden="true" />} title={messages.noEnquiriesTitle}>
          {messages.noEnquiriesText}
        </EmptyState>
      ) : data.items.length === 0 ? (
        <NoMatches title={messages.noMatchesTitle} onClear={filtered && clearFilters}>
          {messages.noMatchesText}
        </NoMatches>
      ) : (
        <>
          {rows(data.items)}
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatCount(data.total)} {data.total === 1 ? 'enquiry' : 'enquiries'}
            {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ''}
          </p>
          <PageLinks page={filters.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}

      {children}
    </div>
  );
}
