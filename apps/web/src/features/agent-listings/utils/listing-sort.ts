/**
 * The agent table's sort (ADR 029 "working at volume"): read from and written to the URL (`?sort=&order=`, the
 * default newest first left out), and how each column's directions read in the phone's sort select.
 */
import {
  AgentListingSortSchema,
  SortOrderSchema,
  type AgentListingSort,
} from '@abode/shared/agent/listing-input.schema';
import type { SortOption, TableSort } from '#src/components/data-table/sortable-header.tsx';

/** The API's default: newest first. */
export const DEFAULT_LISTING_SORT: TableSort<AgentListingSort> = { column: 'created', order: 'desc' };

/** `?sort=&order=` as a sort the API accepts; anything else is the default. */
export function listingSortOf(params: URLSearchParams): TableSort<AgentListingSort> {
  const column = AgentListingSortSchema.safeParse(params.get('sort'));
  const order = SortOrderSchema.safeParse(params.get('order'));
  return {
    column: column.success ? column.data : DEFAULT_LISTING_SORT.column,
    order: order.success ? order.data : DEFAULT_LISTING_SORT.order,
  };
}

/** The URL values of a sort: '' for the defaults, so a plain list keeps a plain URL. */
export function listingSortParams(sort: TableSort<AgentListingSort>): { sort: string; order: string } {
  return {
    sort: sort.column === DEFAULT_LISTING_SORT.column ? '' : sort.column,
    order: sort.order === DEFAULT_LISTING_SORT.order ? '' : sort.order,
  };
}

/** Every sort in both directions, for the phone's select (the table's headers do it on wider screens). */
export const LISTING_SORT_OPTIONS: readonly SortOption<AgentListingSort>[] = [
  { column: 'created', desc: 'Newest first', asc: 'Oldest first' },
  { column: 'updated', desc: 'Recently updated', asc: 'Least recently updated' },
  { column: 'title', asc: 'Title A–Z', desc: 'Title Z–A' },
  { column: 'price', asc: 'Price: lowest first', desc: 'Price: highest first' },
  { column: 'status', asc: 'Status: drafts first', desc: 'Status: completed first' },
  { column: 'approval', asc: 'Approval: pending first', desc: 'Approval: approved first' },
  { column: 'views', desc: 'Most views first', asc: 'Fewest views first' },
  { column: 'photos', desc: 'Most photos first', asc: 'Fewest photos first' },
  { column: 'branch', asc: 'Branch A–Z', desc: 'Branch Z–A' },
  { column: 'negotiator', asc: 'Negotiator A–Z', desc: 'Negotiator Z–A' },
];
