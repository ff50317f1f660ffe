import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { Page, SortSpec } from '@pillar/domain';

export interface PagingInput<F extends string> {
  limit: number;
  offset: number;
  sort?: SortSpec<F> | undefined;
}

/** A sortable column; `nullable` ones keep their empty values last in both directions. */
export type SortColumn = Expression<unknown> | { expression: Expression<unknown>; nullable: true };

function orderTerm(column: SortColumn, descending: boolean) {
  const nullable = 'nullable' in column;
  const expression = 'nullable' in column ? column.expression : column;
  // A plain `desc` lets PostgreSQL read a btree index backwards; `nulls last` would not, so it is
  // only added where the column can hold nulls (ascending puts them last already).
  if (!descending) return sql`${expression} asc`;
  return nullable ? sql`${expression} desc nulls last` : sql`${expression} desc`;
}

/**
 * Runs a list query the way every list answers: `{ data, totalCount }`. The page is read with
 * LIMIT/OFFSET over an index-friendly ORDER BY that always ends on a unique key (stable pages).
 * The total is a separate `count(*)` of the same filters: a window count over the page query
 * would make the database read and sort every matching row for every page. A first page that
 * comes back short needs no count at all. The query must not group or select DISTINCT.
 */
export async function fetchPage<DB, TB extends keyof DB, O, F extends string, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: PagingInput<F>,
  options: {
    sortColumns: Record<F, SortColumn>;
    defaultSort: SortSpec<F>;
    tieBreaker: Expression<unknown>;
    map: (row: O) => R;
  },
): Promise<Page<R>> {
  const sort = paging.sort ?? options.defaultSort;
  const descending = sort.direction === 'desc';
  const pageQuery = query
    .orderBy(orderTerm(options.sortColumns[sort.field], descending))
    .orderBy(orderTerm(options.tieBreaker, descending))
    .limit(paging.limit)
    .offset(paging.offset);
  const countRows = async () => {
    const counted = await query
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number((counted as { n: number | string }).n);
  };

  if (paging.offset === 0) {
    const rows = await pageQuery.execute();
    const totalCount = rows.length < paging.limit ? rows.length : await countRows();
    return { data: rows.map(options.map), totalCount };
  }
  // On PostgreSQL the two statements run side by side on separate connections.
  const [rows, totalCount] = await Promise.all([pageQuery.execute(), countRows()]);
  return { data: rows.map(options.map), totalCount };
}
