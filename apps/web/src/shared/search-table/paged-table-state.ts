import { offsetOfPage } from '@pillar/domain';
import type { TableSort } from './search-table-state.ts';

/** Which page of a server-paged table is shown, and its sort. */
export interface PagedTableState {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort?: TableSort | undefined;
}

/** What the pager or a column header asks for; null removes the sort. */
export interface PagedTableChange {
  page: number;
  pageSize: number;
  sort: TableSort | null;
}

/** The part of antd's sorter argument a PagedTable reads (one sorter, or the first of several). */
export interface SorterLike {
  columnKey?: unknown;
  order?: 'ascend' | 'descend' | null | undefined;
}

/** antd's sort order of a column (`sortOrder`) from the table's sort. */
export function sortOrderOf(
  sort: TableSort | undefined,
  field: string,
): 'ascend' | 'descend' | null {
  if (sort?.field !== field) return null;
  return sort.direction === 'asc' ? 'ascend' : 'descend';
}

/**
 * The state a pager or column-header click asks for: the sorted column (by its key, the API's
 * sort field) and direction, none when the sort was cleared; a new sort or page size goes back to
 * the first page, otherwise the page the pager chose.
 */
export function pagedTableChange(
  state: PagedTableState,
  pagination: { current?: number | undefined; pageSize?: number | undefined },
  sorter: SorterLike | SorterLike[],
): PagedTableChange {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = single?.order ? String(single.columnKey) : undefined;
  const sort = field
    ? { field, direction: single?.order === 'descend' ? ('desc' as const) : ('asc' as const) }
    : null;
  const pageSize = pagination.pageSize ?? state.pageSize;
  const sortParam = (s: TableSort | null | undefined) =>
    s ? `${s.field}:${s.direction}` : undefined;
  const changed = pageSize !== state.pageSize || sortParam(sort) !== sortParam(state.sort);
  return { page: changed ? 1 : (pagination.current ?? 1), pageSize, sort };
}

/** The API's paging and sort parameters (limit, offset, sort 'field:dir') of the page shown. */
export function pagedTableQuery(state: PagedTableState): {
  limit: number;
  offset: number;
  sort?: string;
} {
  return {
    limit: state.pageSize,
    offset: offsetOfPage(state.page, state.pageSize),
    ...(state.sort ? { sort: `${state.sort.field}:${state.sort.direction}` } : {}),
  };
}
