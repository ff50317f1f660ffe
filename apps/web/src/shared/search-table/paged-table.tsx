import { Table, type TableColumnType, type TablePaginationConfig, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type Page } from '@pillar/domain';
import {
  pagedTableChange,
  pagedTableQuery,
  sortOrderOf,
  type PagedTableChange,
  type PagedTableState,
} from './paged-table-state.ts';

export type { PagedTableChange, PagedTableState } from './paged-table-state.ts';

export interface PagedTableColumn<Row, Field extends string = string> extends TableColumnType<Row> {
  /** The API's sort field for this column; makes the column sortable. */
  sortField?: Field;
}

export interface PagedTableProps<Row> extends Omit<
  TableProps<Row>,
  'columns' | 'dataSource' | 'loading' | 'onChange' | 'pagination' | 'locale'
> {
  columns: PagedTableColumn<Row>[];
  state: PagedTableState;
  onStateChange: (change: PagedTableChange) => void;
  /** The page the server answered (undefined while none). */
  page: Page<Row> | undefined;
  /** A failed page shows no rows and no count (spec 2 §8). */
  isError: boolean;
  loading: boolean;
  emptyText?: ReactNode;
  showTotal: (count: number, range: [number, number]) => ReactNode;
}

const PAGE_SIZES = PAGE_SIZE_OPTIONS.map(String);

type SorterArg<Row> = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

/**
 * The project's one server-paged, sortable table: a page size changer over PAGE_SIZE_OPTIONS,
 * the pager, one sortable column at a time (ascending, descending, none) and 'No data'. A new
 * sort or page size goes back to the first page. Where the state lives is the caller's:
 * SearchTable keeps it in the URL, usePagedTableState in the component.
 */
export function PagedTable<Row extends object>({
  columns,
  state,
  onStateChange,
  page,
  isError,
  loading,
  emptyText = 'No data',
  showTotal,
  ...table
}: PagedTableProps<Row>) {
  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterArg<Row>) =>
    onStateChange(pagedTableChange(state, pagination, sorter));

  const tableColumns = columns.map(({ sortField, ...column }): TableColumnType<Row> => {
    if (!sortField) return column;
    return {
      ...column,
      key: sortField,
      sorter: true,
      sortDirections: ['ascend', 'descend'],
      sortOrder: sortOrderOf(state.sort, sortField),
    };
  });

  return (
    <Table<Row>
      {...table}
      columns={tableColumns}
      dataSource={isError ? [] : (page?.data ?? [])}
      loading={loading}
      onChange={onChange}
      locale={{ emptyText }}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total: isError ? 0 : (page?.totalCount ?? 0),
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal,
      }}
    />
  );
}

/** A PagedTable's state kept in the component (a panel whose paging is not worth a link). */
export function usePagedTableState() {
  const [state, setState] = useState<PagedTableState>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const onStateChange = (change: PagedTableChange) =>
    setState({ page: change.page, pageSize: change.pageSize, sort: change.sort ?? undefined });
  return { state, onStateChange, query: pagedTableQuery(state) };
}
