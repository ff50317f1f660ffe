import { describe, expect, it } from 'vitest';
import {
  pagedTableChange,
  pagedTableQuery,
  sortOrderOf,
  type PagedTableChange,
  type PagedTableState,
  type SorterLike,
} from './paged-table-state.ts';

const first: PagedTableState = { page: 1, pageSize: 20 };
const drugAsc = { field: 'drugName', direction: 'asc' } as const;
const byDrug: PagedTableState = { page: 3, pageSize: 20, sort: drugAsc };
const drugSorter: SorterLike = { columnKey: 'drugName', order: 'ascend' };

describe('a paged table (the claims history, every SearchTable)', () => {
  it.each<
    [
      string,
      PagedTableState,
      { current?: number; pageSize?: number },
      SorterLike | SorterLike[],
      PagedTableChange,
    ]
  >([
    [
      'the pager chooses the page',
      first,
      { current: 2, pageSize: 20 },
      {},
      { page: 2, pageSize: 20, sort: null },
    ],
    [
      'paging keeps the sort',
      byDrug,
      { current: 4, pageSize: 20 },
      drugSorter,
      { page: 4, pageSize: 20, sort: drugAsc },
    ],
    [
      'a new page size goes back to page 1',
      byDrug,
      { current: 3, pageSize: 50 },
      drugSorter,
      { page: 1, pageSize: 50, sort: drugAsc },
    ],
    [
      'sorting goes back to page 1',
      { ...first, page: 2 },
      { current: 2 },
      { columnKey: 'fillDate', order: 'ascend' },
      { page: 1, pageSize: 20, sort: { field: 'fillDate', direction: 'asc' } },
    ],
    [
      'a second click sorts descending',
      byDrug,
      { current: 3 },
      [{ columnKey: 'drugName', order: 'descend' }],
      { page: 1, pageSize: 20, sort: { field: 'drugName', direction: 'desc' } },
    ],
    [
      'a third click clears the sort',
      byDrug,
      { current: 3 },
      { columnKey: 'drugName', order: null },
      { page: 1, pageSize: 20, sort: null },
    ],
  ])('%s', (_case, state, pagination, sorter, expected) => {
    expect(pagedTableChange(state, pagination, sorter)).toEqual(expected);
  });

  it("marks only the sorted column's header", () => {
    expect(sortOrderOf(drugAsc, 'drugName')).toBe('ascend');
    expect(sortOrderOf({ field: 'drugName', direction: 'desc' }, 'drugName')).toBe('descend');
    expect(sortOrderOf(drugAsc, 'fillDate')).toBeNull();
    expect(sortOrderOf(undefined, 'fillDate')).toBeNull();
  });

  it("asks the API for the page's limit, offset and sort", () => {
    expect(pagedTableQuery(first)).toEqual({ limit: 20, offset: 0 });
    expect(pagedTableQuery(byDrug)).toEqual({ limit: 20, offset: 40, sort: 'drugName:asc' });
    const planPaid = {
      page: 2,
      pageSize: 50,
      sort: { field: 'planPaid', direction: 'desc' },
    } as const;
    expect(pagedTableQuery(planPaid)).toEqual({ limit: 50, offset: 50, sort: 'planPaid:desc' });
  });
});
