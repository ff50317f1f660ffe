import { sql, type Expression, type QueryExecutorProvider, type SelectQueryBuilder } from 'kysely';
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
 * Counting stops here: `db` runs `count(*)` over a LIMIT subquery, so a broad search reads at most
 * `cap + 1` matching index entries however many there are (see fetchPage).
 */
export interface CountCap {
  /** The database (or transaction) the count runs on. */
  db: QueryExecutorProvider;
  cap: number;
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
    /**
     * Count at most this many matches. Past it the answer is `totalCount` = the cap (or the end
     * of the page asked for, if that lies further) with `totalCountCapped: true`: the member
     * search across every organization spent most of its database time counting broad name
     * prefixes (docs/performance.md).
     */
    countCap?: CountCap;
  },
): Promise<Page<R>> {
  const sort = paging.sort ?? options.defaultSort;
  const descending = sort.direction === 'desc';
  const pageQuery = query
    .orderBy(orderTerm(options.sortColumns[sort.field], descending))
    .orderBy(orderTerm(options.tieBreaker, descending))
    .limit(paging.limit)
    .offset(paging.offset);
  const countRows = async (): Promise<Total> => {
    if (options.countCap) return cappedCount(query, paging, options.countCap);
    const counted = await query
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return { totalCount: Number((counted as { n: number | string }).n) };
  };

  if (paging.offset === 0) {
    const rows = await pageQuery.execute();
    const total = rows.length < paging.limit ? { totalCount: rows.length } : await countRows();
    return { data: rows.map(options.map), ...total };
  }
  // On PostgreSQL the two statements run side by side on separate connections.
  const [rows, total] = await Promise.all([pageQuery.execute(), countRows()]);
  return { data: rows.map(options.map), ...total };
}

type Total = Pick<Page<unknown>, 'totalCount' | 'totalCountCapped'>;

/** `count(*)` of at most `limit + 1` matches: one more than the limit tells that there are more. */
async function cappedCount<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: { limit: number; offset: number },
  { db, cap }: CountCap,
): Promise<Total> {
  // A page past the cap (a typed-in address) still counts as far as its own end.
  const limit = Math.max(cap, paging.offset + paging.limit);
  const matches = query
    .clearSelect()
    .select(sql<number>`1`.as('one'))
    .limit(limit + 1);
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from (${matches}) as m`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return n > limit ? { totalCount: limit, totalCountCapped: true } : { totalCount: n };
}
