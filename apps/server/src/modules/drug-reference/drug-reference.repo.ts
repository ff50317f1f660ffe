import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  SEARCH_COUNT_CAP,
  type DrugDetail,
  type DrugSearch,
  type DrugSearchPage,
  type DrugSearchTerm,
} from '@pillar/domain';
import type { DB } from '../../database.ts';

/*
 * The drug reference's reads (decision 0106). The search is designed for the full FDA directory
 * (about 300,000 packages, p95 under 20 ms at 20 concurrent, design.md §6):
 *
 * - every term is a prefix: the NDC-11 and the published package NDC by btree text_pattern_ops,
 *   the class code by its (gpi_10 text_pattern_ops, ndc) index, the name words by the trigram
 *   index over search_name (`like '% word%'`, one condition per word);
 * - the page is the first rows in NDC order; the count stops at SEARCH_COUNT_CAP + 1 rows, so a
 *   broad term ('a', '00') never counts the whole table;
 * - distinct=gpi_10: the classes met first walking the matches in NDC order are those whose
 *   best NDC comes first, so it reads at most DISTINCT_WINDOW matches in NDC order, keeps the
 *   first row of each class, and pages over those (exact while the page lies inside the window;
 *   past it the count says 'capped').
 */

/** How many matching packages a distinct=gpi_10 search reads, in NDC order. */
export const DISTINCT_WINDOW = 2000;

function termCondition(term: DrugSearchTerm): Expression<SqlBool> {
  switch (term.kind) {
    case 'code':
      return sql<SqlBool>`(d.ndc like ${`${term.digits}%`} or d.gpi_10 like ${`${term.digits}%`})`;
    case 'ndc':
      return term.ndc11Prefix === undefined
        ? sql<SqlBool>`d.package_ndc like ${`${term.text}%`}`
        : sql<SqlBool>`(d.package_ndc like ${`${term.text}%`} or d.ndc like ${`${term.ndc11Prefix}%`})`;
    case 'words':
      // Words are [a-z0-9]+ (searchWords): nothing to escape for LIKE.
      return sql<SqlBool>`${sql.join(
        term.words.map((w) => sql`d.search_name like ${`% ${w}%`}`),
        sql` and `,
      )}`;
  }
}

interface DrugRow {
  gpi_10: string | null;
  ndc: string;
  package_ndc: string | null;
  product_ndc: string | null;
  proprietary_name: string;
  nonproprietary_name: string;
  strength: string;
  dosage_form: string;
  route: string;
  labeler: string;
  brand_generic: 'brand' | 'generic';
  marketing_category: string | null;
  marketing_start_date: string | null;
  marketing_end_date: string | null;
  package_description: string;
  class_name: string | null;
}

function toDetail(r: DrugRow): DrugDetail {
  return {
    gpi_10: r.gpi_10,
    ndc: r.ndc,
    package_ndc: r.package_ndc,
    product_ndc: r.product_ndc,
    drug_name: r.strength ? `${r.proprietary_name} ${r.strength}` : r.proprietary_name,
    proprietary_name: r.proprietary_name,
    nonproprietary_name: r.nonproprietary_name,
    strength: r.strength,
    dosage_form: r.dosage_form,
    route: r.route,
    labeler: r.labeler,
    brand_generic: r.brand_generic,
    marketing_category: r.marketing_category,
    marketing_start_date: r.marketing_start_date,
    marketing_end_date: r.marketing_end_date,
    package_description: r.package_description,
    class_name: r.class_name,
  };
}

/** The packages (their NDCs) of one page, then their details and subclass names. */
async function detailsOf(db: Kysely<DB>, ndcs: string[], desc: boolean): Promise<DrugDetail[]> {
  if (ndcs.length === 0) return [];
  const rows = await db
    .selectFrom('drug as d')
    .leftJoin('drug_class as c', (j) => j.on('c.code', '=', sql<string>`left(d.gpi_10, 6)`))
    .select([
      'd.gpi_10',
      'd.ndc',
      'd.package_ndc',
      'd.product_ndc',
      'd.proprietary_name',
      'd.nonproprietary_name',
      'd.strength',
      'd.dosage_form',
      'd.route',
      'd.labeler',
      'd.brand_generic',
      'd.marketing_category',
      'd.marketing_start_date',
      'd.marketing_end_date',
      'd.package_description',
      'c.name as class_name',
    ])
    .where('d.ndc', 'in', ndcs)
    .orderBy('d.ndc', desc ? 'desc' : 'asc')
    .execute();
  return rows.map(toDetail);
}

export async function searchDrugs(db: Kysely<DB>, search: DrugSearch): Promise<DrugSearchPage> {
  const where = termCondition(search.q);
  const desc = search.sort === 'desc';
  const direction = desc ? sql`desc` : sql`asc`;

  if (search.distinct === 'gpi_10') {
    const { rows } = await sql<{ ndc: string | null; classes: number; matched: number }>`
      with matched as (
        select d.ndc, d.gpi_10 from drug d
        where ${where} and d.gpi_10 is not null
        order by d.ndc ${direction}
        limit ${DISTINCT_WINDOW}
      ),
      firsts as (
        select distinct on (gpi_10) gpi_10, ndc from matched order by gpi_10, ndc ${direction}
      ),
      page as (
        select ndc from firsts order by ndc ${direction} limit ${search.limit} offset ${search.offset}
      )
      select p.ndc,
        (select count(*) from firsts)::int as classes,
        (select count(*) from matched)::int as matched
      from (select 1) one left join page p on true`.execute(db);
    const first = rows[0];
    const classes = first?.classes ?? 0;
    const capped = (first?.matched ?? 0) >= DISTINCT_WINDOW || classes > SEARCH_COUNT_CAP;
    const ndcs = rows.flatMap((r) => (r.ndc === null ? [] : [r.ndc]));
    return {
      data: await detailsOf(db, ndcs, desc),
      totalCount: Math.min(classes, SEARCH_COUNT_CAP),
      ...(capped ? { totalCountCapped: true as const } : {}),
    };
  }

  const [page, count] = await Promise.all([
    db
      .selectFrom('drug as d')
      .select('d.ndc')
      .where(where)
      .orderBy('d.ndc', desc ? 'desc' : 'asc')
      .limit(search.limit)
      .offset(search.offset)
      .execute(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('drug as d')
          .select(sql`1`.as('one'))
          .where(where)
          .limit(SEARCH_COUNT_CAP + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const n = Number(count.n);
  return {
    data: await detailsOf(
      db,
      page.map((r) => r.ndc),
      desc,
    ),
    totalCount: Math.min(n, SEARCH_COUNT_CAP),
    ...(n > SEARCH_COUNT_CAP ? { totalCountCapped: true as const } : {}),
  };
}

/**
 * The name of each 10-digit class code that exists: the classification's own name for it when a
 * loaded file gave one (drug_class), else the nonproprietary name of its products (the first in
 * alphabetical order when they differ in wording). Codes that exist nowhere are not in the map.
 */
export async function drugClassNames(
  db: Kysely<DB>,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(codes)].filter((c) => /^\d{10}$/.test(c));
  if (wanted.length === 0) return new Map();
  const [named, products] = await Promise.all([
    db.selectFrom('drug_class').select(['code', 'name']).where('code', 'in', wanted).execute(),
    db
      .selectFrom('drug')
      .select(['gpi_10', (eb) => eb.fn.min('nonproprietary_name').as('name')])
      .where('gpi_10', 'in', wanted)
      .groupBy('gpi_10')
      .execute(),
  ]);
  const names = new Map<string, string>();
  for (const p of products) if (p.gpi_10 !== null) names.set(p.gpi_10, p.name);
  for (const c of named) names.set(c.code, c.name);
  return names;
}
