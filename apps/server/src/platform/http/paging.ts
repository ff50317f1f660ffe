import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { Page, SortSpec } from '@pillar/domain';

export interface PagingInput<F extends string> {
  limit: number;
  offset: number;
  sort?: SortSpec<F> | undefined;
}

/**
 * Runs a list query the way every list answers: `{ data, totalCount }`. The total comes from
 * `count(*) over ()` in the same statement, so one round trip serves both; only a page past
 * the end needs a second, counting query. Sort always ends on a unique key so pages are stable.
 */
export async function fetchPage<DB, TB extends keyof DB, O, F extends string, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  paging: PagingInput<F>,
  options: {
    sortColumns: Record<F, Expression<unknown>>;
    defaultSort: SortSpec<F>;
    tieBreaker: Expression<unknown>;
    map: (row: O) => R;
  },
): Promise<Page<R>> {
  const sort = paging.sort ?? options.defaultSort;
  const direction = sort.direction === 'desc' ? sql`desc` : sql`asc`;
  const rows = (await query
    .select(sql<number>`count(*) over ()`.as('__total'))
    .orderBy(sql`${options.sortColumns[sort.field]} ${direction} nulls last`)
    .orderBy(sql`${options.tieBreaker} ${direction}`)
    .limit(paging.limit)
    .offset(paging.offset)
    .execute()) as (O & { __total: number | string })[];

  let totalCount: number;
  if (rows.length > 0) {
    totalCount = Number(rows[0]!.__total);
  } else if (paging.offset === 0) {
    totalCount = 0;
  } else {
    const counted = await query
      .clearSelect()
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    totalCount = Number((counted as { n: number | string }).n);
  }
  return { data: rows.map((row) => options.map(row)), totalCount };
}
