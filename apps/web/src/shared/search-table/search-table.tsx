import { Alert, Button, Form, Space } from 'antd';
import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useEffect, useMemo, type Key, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { type Page } from '@pillar/domain';
import { describeError } from '../notifications/notify.ts';
import { PagedTable, type PagedTableColumn } from './paged-table.tsx';
import {
  cleanFilters,
  readTableState,
  writeTableState,
  type SearchParams,
  type TableStateOptions,
} from './search-table-state.ts';

/** A column of a SearchTable; `sortField` (the API's sort field) makes it sortable. */
export type SearchTableColumn<Row> = PagedTableColumn<Row>;

export interface SearchTableProps<Row, TKey extends QueryKey> {
  /** Short per-table prefix for the query string (org.name, org.page, ...). */
  prefix: string;
  /** Names of the filter fields; the Form.Items in `filters` use the same names. */
  filterNames: readonly string[];
  /** Filters holding a list (multi-selects). */
  arrayFilters?: readonly string[];
  /** The search form's fields: antd Form.Items. */
  filters: ReactNode;
  columns: SearchTableColumn<Row>[];
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  /** TanStack Query options for one page of results. */
  queryOptions: (params: SearchParams) => UseQueryOptions<Page<Row>, Error, Page<Row>, TKey>;
  /** Accessible name of the search form. */
  searchLabel?: string;
  emptyText?: ReactNode;
  /** When set, nothing is fetched until a filter has a value, and this prompt fills the table. */
  requireFilter?: ReactNode;
  /**
   * Filters the search cannot run with (a rule such as the members' two fields): what it returns
   * fills the table instead, and nothing is fetched, whether the filters came from the form or a link.
   */
  filterPrompt?: (filters: SearchParams['filters']) => ReactNode | undefined;
}

/**
 * The pager's summary. A capped total (a broad search the server stopped counting, see
 * platform/http/paging.ts) reads '1,000+': there are more, and the pager offers the pages it counted.
 */
export function totalText(count: number, from: number, to: number, capped: boolean): string {
  if (count === 0) return '0 total results';
  const total = capped ? `${count.toLocaleString('en-US')}+` : String(count);
  return `${from}-${to} of ${total} total results`;
}

/**
 * A search form over a paginated, sortable table whose whole state (filters, page, size, sort)
 * lives in the URL, so reload, back/forward and shared links restore the same search.
 */
export function SearchTable<Row extends object, TKey extends QueryKey>({
  prefix,
  filterNames,
  arrayFilters,
  filters,
  columns,
  rowKey,
  queryOptions,
  searchLabel = 'Search',
  emptyText = 'No data',
  requireFilter,
  filterPrompt,
}: SearchTableProps<Row, TKey>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [form] = Form.useForm<Record<string, unknown>>();
  const sortFields = useMemo(
    () => columns.flatMap((column) => (column.sortField ? [column.sortField] : [])),
    [columns],
  );
  const options: TableStateOptions = useMemo(
    () => ({ prefix, filterNames, arrayFilters, sortFields }),
    [prefix, filterNames, arrayFilters, sortFields],
  );
  const state = readTableState(searchParams, options);
  const hasFilter = Object.keys(state.filters).length > 0;
  const prompt =
    requireFilter !== undefined && !hasFilter ? requireFilter : filterPrompt?.(state.filters);
  const waitingForFilter = prompt !== undefined;

  const query = useQuery({
    ...queryOptions(state),
    enabled: !waitingForFilter,
    placeholderData: keepPreviousData,
  });

  // The form mirrors the URL, including after back/forward.
  const filterKey = JSON.stringify(state.filters);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(JSON.parse(filterKey) as Record<string, unknown>);
  }, [filterKey, form]);

  const update = (next: URLSearchParams) => {
    if (next.toString() === searchParams.toString()) void query.refetch();
    else setSearchParams(next);
  };

  const onSearch = (values: Record<string, unknown>) => {
    update(
      writeTableState(searchParams, options, {
        filters: cleanFilters(values, filterNames),
        page: 1,
      }),
    );
  };

  const onClear = () => {
    form.resetFields();
    update(writeTableState(searchParams, options, { filters: {}, page: 1 }));
  };

  const page = waitingForFilter ? undefined : query.data;
  const capped = !query.isError && page?.totalCountCapped === true;
  return (
    <div className="search-table">
      <Form
        form={form}
        // Field ids become {prefix}_{field}, unique even with several tables on a page.
        name={prefix}
        layout="vertical"
        aria-label={searchLabel}
        onFinish={onSearch}
        className="search-table__form"
        validateTrigger={['onBlur', 'onChange']}
      >
        <div className="search-table__fields">{filters}</div>
        <Space>
          <Button type="primary" htmlType="submit">
            Search
          </Button>
          <Button onClick={onClear}>Clear Filters</Button>
        </Space>
      </Form>
      {query.isError && !waitingForFilter && (
        <Alert
          type="error"
          showIcon
          title="The results could not be loaded."
          description={describeError(query.error).description}
          className="search-table__error"
        />
      )}
      <PagedTable<Row>
        rowKey={rowKey}
        columns={columns}
        state={state}
        onStateChange={(change) => update(writeTableState(searchParams, options, change))}
        page={page}
        isError={query.isError}
        loading={query.isFetching}
        emptyText={waitingForFilter ? prompt : emptyText}
        scroll={{ x: 'max-content', y: 600 }}
        showTotal={(count, [from, to]) => totalText(count, from, to, capped)}
      />
    </div>
  );
}
