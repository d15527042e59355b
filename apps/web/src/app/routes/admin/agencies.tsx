import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  ADMIN_AGENCY_MESSAGES as T,
  ADMIN_AGENCY_SEARCH_MAX_LENGTH,
  ADMIN_AGENCY_STANDING_FILTERS,
  parseAdminAgencyFilters,
} from '@abode/shared/admin/agencies.schema';
import { AGENCY_STANDING_LABELS } from '@abode/shared/agency/agency.schema';
import { NoMatches } from '#src/components/ui/empty-state.tsx';
import { Field, SelectField } from '#src/components/ui/field.tsx';
import { Input } from '#src/components/ui/input.tsx';
import { ListSkeleton } from '#src/components/ui/list-skeleton.tsx';
import { LoadFailed } from '#src/components/ui/load-failed.tsx';
import { PageLinks } from '#src/components/ui/page-links.tsx';
import { useAdminAgencies } from '#src/features/admin-agencies/api/admin-agencies.ts';
import { AgencyDetailsDialog } from '#src/features/admin-agencies/components/agency-details-dialog.tsx';
import { AgencyList } from '#src/features/admin-agencies/components/agency-list.tsx';
import { useAuth } from '#src/lib/auth.tsx';
import { useUrlFilters } from '#src/lib/use-url-filters.ts';
import { formatCount } from '#src/lib/format.ts';

const STANDING_OPTIONS = ADMIN_AGENCY_STANDING_FILTERS.map((s) => ({
  value: s,
  label: s === 'all' ? T.allStandings : AGENCY_STANDING_LABELS[s],
}));

/**
 * /admin/agencies (ADR 029, "Compliance before advertising"): a debounced search over agency names, branch names and
 * member e-mails (`?q=`), a standing filter (`?standing=`), the agencies table and pages (`?page=`); View opens one
 * agency with its branches and members, where an admin verifies it, and a super admin suspends or reactivates it.
 * A failed load toasts and offers a retry.
 */
export function AdminAgenciesRoute() {
  const [searchParams] = useSearchParams();
  const filters = parseAdminAgencyFilters(searchParams);
  const [viewing, setViewing] = useState<string | null>(null);
  const { me } = useAuth();
  const agencies = useAdminAgencies(filters);
  const data = agencies.data;
  const { search, setSearch, submitSearch, setFilter, clearFilters, hrefFor, pageCount } =
    useUrlFilters<'standing'>({ q: filters.q, list: data });

  const failed = agencies.isError;
  useEffect(() => {
    if (failed) toast.error('Error', { description: T.loadFailed, id: 'agencies-load-failed' });
  }, [failed]);

  return (
    <div className="flex flex-col gap-6">
      <title>Agencies · Abode admin</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{T.pageTitle}</h1>
        <p className="text-sm text-muted-foreground">{T.pageIntro}</p>
      </div>

      <form
        role="search"
        aria-label="Filter agencies"
        className="grid gap-3 sm:grid-cols-[1fr_12rem]"
        onSubmit={(event) => {
          event.preventDefault();
          submitSearch();
        }}
      >
        <Field id="admin-agencies-q" label={T.searchLabel}>
          <Input
            id="admin-agencies-q"
            type="search"
            placeholder={T.searchPlaceholder}
            maxLength={ADMIN_AGENCY_SEARCH_MAX_LENGTH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Field>
        <SelectField
          id="admin-agencies-standing"
          label={T.standingLabel}
          options={STANDING_OPTIONS}
          value={filters.standing}
          onValueChange={(value) => setFilter('standing', value)}
        />
      </form>

      {failed && !data ? (
        <LoadFailed message={T.loadFailed} onRetry={() => void agencies.refetch()} />
      ) : !data ? (
        <ListSkeleton label="Loading agencies" rows={6} rowClassName="h-14" />
      ) : data.items.length === 0 ? (
        <NoMatches
          title={T.noAgenciesTitle}
          onClear={Boolean(filters.q || filters.standing !== 'all') && clearFilters}
        >
          {T.noAgenciesText}
        </NoMatches>
      ) : (
        <>
          <AgencyList agencies={data.items} onView={(a) => setViewing(a.id)} />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatCount(data.total)} {data.total === 1 ? 'agency' : 'agencies'}
            {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ''}
          </p>
          <PageLinks page={filters.page} pageCount={pageCount} hrefFor={hrefFor} />
        </>
      )}

      <AgencyDetailsDialog
        agencyId={viewing}
        canSuspend={me?.adminRole === 'super_admin'}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
