import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
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
 * (about 300,000 packages, p95 under 20 ms at 20 concurrent, design.md §6; plans checked with
 * EXPLAIN ANALYZE on 300,000 generated packages, see the decision):
 *
 * - every term is a prefix. The name words: `search_name like '% word%'` per word, first on
 *   the name dictionary (drug_search_name: the distinct names with their package counts, a
 *   trigram index), which says how many packages match (N) before any is read. Reading them by
 *   name (drug_search_name_ndc, index-only) costs about N; walking drug_ndc_cover backwards (ndc,
 *   with gpi_10 and search_name in the index) to the k-th match costs about k * total / N
 *   entries, each cheaper: namesPath picks the cheaper (walkPreferred). Either way no table
 *   access, and no term walks the whole NDC index hoping to meet a rare combination.
 *   The NDC-11: a range on ndc. The class code: gpi_10 text_pattern_ops
 *   with ndc (index-only). The published package NDC: package_ndc text_pattern_ops.
 * - a numeric term matches the NDC or the class code: two branches, each taking its own first
 *   rows in NDC order before they are merged (one OR would make PostgreSQL read every match of
 *   a broad prefix and sort it), the second leaving out what the first found;
 * - the count stops at SEARCH_COUNT_CAP + 1 rows, so a broad term ('a', '00') never counts the
 *   whole table;
 * - distinct=gpi_10 on words: drug_search_class holds each search name's classes with their
 *   first and last NDC, so the matching names give every class and its best matching NDC at
 *   once (searchWordClasses), exactly, reading no package but the page's. On a class code the
 *   classes under it come whole from the same table; the packages whose NDC starts with the
 *   digits (and a published NDC's) are walked in a window in NDC order (200, then 2,000 when
 *   the first is full and has too few classes for the page), keeping each class's first row. A
 *   full window marks the count capped: a class met only past the first 2,000 packages of an
 *   NDC range is not offered until the term narrows.
 * - the name search by name: each matching name's own first packages (a lateral join), not
 *   `search_name in (names)`, which the planner turned into a walk of the whole NDC index when
 *   it misjudged how few names two words match.
 */

const DISTINCT_WINDOWS = [200, 2_000] as const;

/*
 * Which statements are planned once (decision 0135). A prepared statement on `db`
 * (platform/db/prepared-statement-client.ts) may get a generic plan after five runs, and a
 * generic plan cannot turn `like $1` into an index range: it would walk the whole NDC index for
 * a class code. So the prefix terms are written as ranges with their upper bound computed here
 * (`x >= $1 and x < $2`; `~>=~`/`~<~` on the text_pattern_ops indexes), whose generic plan is
 * the index range for every value, and their limits and offsets are parameters too; those
 * statements run on `stablePlans` (plan_cache_mode=force_generic_plan), planned once per
 * connection instead of on every search (planning was about half of the database's time). Their
 * generic plans were checked with EXPLAIN EXECUTE on 300,000 packages (decision 0135). The
 * trigram lookups of words were already there (their plan is the same for every word).
 *
 * Only the walk of a name search (a name matching many packages, walking the NDC order) keeps
 * its words as literals on `db`: how far it walks depends on the words. Every literal is safe
 * to write out: words are [a-z0-9]+ (the contract checked them); sql.lit quotes them anyway. The
 * values are drug names and codes, never member data.
 */

/** The first string after every string starting with `prefix` (digits only), if any. */
export function digitsUpperBound(prefix: string): string | undefined {
  const trimmed = prefix.replace(/9+$/, '');
  if (trimmed === '') return undefined;
  return trimmed.slice(0, -1) + String(Number(trimmed.at(-1)) + 1);
}

/**
 * The first string after every string starting with `prefix` in byte order (text_pattern_ops,
 * the `~<~` operators): the last character's successor ('0002-3' → '0002-4', '9' → ':'). The
 * prefixes are digits and hyphens, never the last code point.
 */
export function bytesUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

function ndcRange(prefix: string): RawBuilder<SqlBool> {
  const upper = digitsUpperBound(prefix);
  return upper === undefined
    ? sql<SqlBool>`d.ndc >= ${prefix}`
    : sql<SqlBool>`(d.ndc >= ${prefix} and d.ndc < ${upper})`;
}

/** `column like 'prefix%'` as a byte range its text_pattern_ops index reads as one. */
function prefixRange(column: RawBuilder<string>, prefix: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${column} ~>=~ ${prefix} and ${column} ~<~ ${bytesUpperBound(prefix)})`;
}

/**
 * Whether walking the NDC order to the k-th of `matches` packages (among `total`) is cheaper
 * than reading all of them by name and sorting: walking visits about k * total / matches index
 * entries at about a fifth of the cost of a package read by name (measured on 300,000
 * packages: 'ro', 200 matches, walk 2.6 ms against 11 ms by name for its 4,828 packages).
 */
export function walkPreferred(matches: number, k: number, total: number): boolean {
  if (total <= 0 || matches <= 0) return false;
  // k * total / matches / 5 < matches, in whole numbers (exact below 2^53): walkPreferredSql
  // decides the same in the statement that reads by name.
  return k * total < 5 * matches * matches;
}

/** walkPreferred in SQL, over the columns `matches` and `total` of `counted`. */
function walkPreferredSql(k: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(counted.total > 0 and counted.matches > 0
    and ${k}::bigint * counted.total < 5 * counted.matches::bigint * counted.matches)`;
}

/** How a name search reads its packages: by its matching names, or walking the NDC order. */
type WordsPath = 'names' | 'walk';

/**
 * Each word starts a word of the search name: `like '% word%'` ([a-z0-9]+, nothing to escape).
 * As literals where the plan depends on the words (the walk), else as parameters: a trigram
 * lookup's plan is the same for every word, so it is planned once (`stablePlans`).
 */
function wordsCondition(
  column: RawBuilder<string>,
  words: readonly string[],
  values: 'literals' | 'parameters' = 'literals',
): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.join(
    words.map((w) =>
      values === 'literals'
        ? sql`${column} like ${sql.lit(`% ${w}%`)}`
        : sql`${column} like ${`% ${w}%`}`,
    ),
    sql` and `,
  )}`;
}

/** The conditions of the branches a term searches, each leaving out the earlier ones' rows. */
function branches(term: DrugSearchTerm): RawBuilder<SqlBool>[] {
  switch (term.kind) {
    case 'code': {
      const ndc = ndcRange(term.digits);
      return [ndc, sql<SqlBool>`${prefixRange(sql`d.gpi_10`, term.digits)} and not ${ndc}`];
    }
    case 'ndc': {
      const published = prefixRange(sql`d.package_ndc`, term.text);
      if (term.ndc11Prefix === undefined) return [published];
      return [
        published,
        sql<SqlBool>`${ndcRange(term.ndc11Prefix)} and not coalesce(${published}, false)`,
      ];
    }
    case 'words':
      // The walk's condition; reading by name is firstMatches' own statement.
      return [wordsCondition(sql`d.search_name`, term.words)];
  }
}

/**
 * Whether a statement reads the term by walking the NDC order with its words as literals (its
 * plan depends on them: planned for each search, on `db`); every other statement of the search
 * takes its values as parameters and is planned once (`stablePlans`).
 */
function walks(term: DrugSearchTerm, path: WordsPath): boolean {
  return term.kind === 'words' && path === 'walk';
}

/**
 * The first `n` matches (ndc, gpi_10) in NDC order: each branch's own first `n`, merged. With
 * `ordered: false` (counting) any `n` matches.
 */
function firstMatches(
  term: DrugSearchTerm,
  options: { n: number; desc: boolean; path: WordsPath; ordered?: boolean; classified?: boolean },
): RawBuilder<{ ndc: string; gpi_10: string | null }> {
  const direction = options.desc ? sql`desc` : sql`asc`;
  const ordered = options.ordered ?? true;
  const n = walks(term, options.path) ? sql.lit(options.n) : sql`${options.n}`;
  const classified = options.classified ? sql` and d.gpi_10 is not null` : sql``;
  if (term.kind === 'words' && options.path === 'names') {
    // By name: each matching name's own first n packages (drug_search_name_ndc, index-only),
    // merged ('calc tar', 17 packages: 90 ms as `search_name in (names)`, a walk).
    return sql`select d.ndc, d.gpi_10
      from drug_search_name n
      cross join lateral (
        select d.ndc, d.gpi_10 from drug d
        where d.search_name = n.search_name${classified}
        order by d.ndc ${direction} limit ${n}
      ) d
      where ${wordsCondition(sql`n.search_name`, term.words, 'parameters')}${
        ordered ? sql` order by d.ndc ${direction}` : sql``
      } limit ${n}`;
  }
  const parts = branches(term).map(
    (condition) =>
      sql`(select d.ndc, d.gpi_10 from drug d where ${condition}${classified}${ordered ? sql` order by d.ndc ${direction}` : sql``} limit ${n})`,
  );
  return sql`select m.ndc, m.gpi_10 from (${sql.join(parts, sql` union all `)}) m${
    ordered ? sql` order by m.ndc ${direction}` : sql``
  } limit ${n}`;
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

/** A page's details, joined in the statement that finds the page (one round trip). */
const DETAIL_COLUMNS = sql`d.gpi_10, d.ndc, d.package_ndc, d.product_ndc, d.proprietary_name,
  d.nonproprietary_name, d.strength, d.dosage_form, d.route, d.labeler, d.brand_generic,
  d.marketing_category, d.marketing_start_date, d.marketing_end_date, d.package_description,
  c.name as class_name`;
const DETAIL_JOIN = sql`join drug d on d.ndc = p.ndc
  left join drug_class c on c.code = left(d.gpi_10, 6)`;

/**
 * distinct=gpi_10 on words, in one statement: the classes of the matching names
 * (drug_search_class), each with its best NDC among them (a package matches when its name does,
 * so a class's best matching package is the best over its matching names), paged with the page's
 * details joined, and counted exactly. No package is read but the page's. Its values are
 * parameters: a generic plan still searches the trigram index with `like $1`.
 */
async function searchWordClasses(
  db: Kysely<DB>,
  search: DrugSearch,
  words: readonly string[],
): Promise<DrugSearchPage> {
  const desc = search.sort === 'desc';
  const direction = desc ? sql`desc` : sql`asc`;
  const best = desc ? sql`max(s.last_ndc)` : sql`min(s.first_ndc)`;
  const { rows } = await sql<Partial<DrugRow> & { classes: number }>`
    with classes as (
      select s.gpi_10, ${best} as ndc
      from drug_search_class s
      where ${sql.join(
        words.map((w) => sql`s.search_name like ${`% ${w}%`}`),
        sql` and `,
      )}
      group by s.gpi_10
    ),
    page as (
      select ${DETAIL_COLUMNS}
      from (select ndc from classes order by ndc ${direction} limit ${search.limit} offset ${search.offset}) p
      ${DETAIL_JOIN}
    )
    select page.*, (select count(*) from classes)::int as classes
    from (select 1) one left join page on true
    order by page.ndc ${direction}`.execute(db);
  const classes = rows[0]?.classes ?? 0;
  return {
    data: rows.flatMap((r) => (r.ndc ? [toDetail(r as DrugRow)] : [])),
    totalCount: Math.min(classes, SEARCH_COUNT_CAP),
    ...(classes > SEARCH_COUNT_CAP ? { totalCountCapped: true as const } : {}),
  };
}

/**
 * distinct=gpi_10 on one word of one or two characters (the broadest terms): the classes by the
 * start of a word of their names (drug_search_class_start), in NDC order from its index, and
 * their count stopping at SEARCH_COUNT_CAP + 1. The same answer as searchWordClasses.
 */
async function searchClassesByStart(
  db: Kysely<DB>,
  search: DrugSearch,
  start: string,
): Promise<DrugSearchPage> {
  const desc = search.sort === 'desc';
  const direction = desc ? sql`desc` : sql`asc`;
  const best = desc ? sql`s.last_ndc` : sql`s.first_ndc`;
  const { rows } = await sql<Partial<DrugRow> & { classes: number }>`
    select page.*, (
      select count(*) from (
        select 1 from drug_search_class_start s where s.start = ${start}
        limit ${SEARCH_COUNT_CAP + 1}
      ) c
    )::int as classes
    from (select 1) one left join (
      select ${DETAIL_COLUMNS}
      from (
        select ${best} as ndc from drug_search_class_start s where s.start = ${start}
        order by ${best} ${direction} limit ${search.limit} offset ${search.offset}
      ) p
      ${DETAIL_JOIN}
    ) page on true
    order by page.ndc ${direction}`.execute(db);
  const classes = rows[0]?.classes ?? 0;
  return {
    data: rows.flatMap((r) => (r.ndc ? [toDetail(r as DrugRow)] : [])),
    totalCount: Math.min(classes, SEARCH_COUNT_CAP),
    ...(classes > SEARCH_COUNT_CAP ? { totalCountCapped: true as const } : {}),
  };
}

/**
 * The database twice: `db`, planning each statement for its values, and `stablePlans`, planning
 * a statement once per connection (platform/db/database.ts), for the statements whose plan is
 * the same whatever the words: the trigram lookups and what is read from their names.
 */
export interface DrugReadDatabases {
  db: Kysely<DB>;
  stablePlans: Kysely<DB>;
}

export async function searchDrugs(
  { db, stablePlans }: DrugReadDatabases,
  search: DrugSearch,
): Promise<DrugSearchPage> {
  if (search.distinct === 'gpi_10' && search.q.kind === 'words') {
    const [only, ...more] = search.q.words;
    if (only !== undefined && more.length === 0 && only.length <= 2) {
      return searchClassesByStart(stablePlans, search, only);
    }
    return searchWordClasses(stablePlans, search, search.q.words);
  }
  if (search.q.kind === 'words') return searchWordPackages({ db, stablePlans }, search, search.q);
  const term = search.q;
  const desc = search.sort === 'desc';
  const direction = desc ? sql`desc` : sql`asc`;
  const wanted = search.offset + search.limit;

  if (search.distinct === 'gpi_10') {
    for (const window of DISTINCT_WINDOWS) {
      // A class code: the classes under it come whole from drug_search_class (every package of
      // such a class matches, so its best NDC is its own), exactly; the window walks only the
      // NDC range's packages of other classes.
      const code = term.kind === 'code' ? term.digits : undefined;
      const matched =
        code !== undefined
          ? sql`select d.ndc, d.gpi_10 from drug d
            where ${ndcRange(code)} and d.gpi_10 is not null
              and not ${prefixRange(sql`d.gpi_10`, code)}
            order by d.ndc ${direction} limit ${window}`
          : firstMatches(term, { n: window, desc, path: 'names', classified: true });
      const byCode =
        code !== undefined
          ? sql`(select s.gpi_10, ${desc ? sql`max(s.last_ndc)` : sql`min(s.first_ndc)`} as ndc
            from drug_search_class s where ${prefixRange(sql`s.gpi_10`, code)} group by s.gpi_10) union all `
          : sql``;
      const { rows } = await sql<Partial<DrugRow> & { classes: number; matched: number }>`
        with matched as (${matched}),
        firsts as (
          ${byCode}(select distinct on (gpi_10) gpi_10, ndc from matched order by gpi_10, ndc ${direction})
        ),
        page as (
          select ${DETAIL_COLUMNS}
          from (select ndc from firsts order by ndc ${direction} limit ${search.limit} offset ${search.offset}) p
          ${DETAIL_JOIN}
        )
        select page.*,
          (select count(*) from firsts)::int as classes,
          (select count(*) from matched)::int as matched
        from (select 1) one left join page on true
        order by page.ndc ${direction}`.execute(stablePlans);
      const first = rows[0];
      const classes = first?.classes ?? 0;
      const full = (first?.matched ?? 0) >= window;
      if (!full || classes >= wanted || window === DISTINCT_WINDOWS.at(-1)) {
        const capped = full || classes > SEARCH_COUNT_CAP;
        return {
          data: rows.flatMap((r) => (r.ndc ? [toDetail(r as DrugRow)] : [])),
          totalCount: Math.min(classes, SEARCH_COUNT_CAP),
          ...(capped ? { totalCountCapped: true as const } : {}),
        };
      }
    }
    throw new Error('unreachable: the last window always answers');
  }

  // The page and its capped count in one statement (one round trip, planned once).
  const answer = await sql<Partial<DrugRow> & { matches: number }>`
      select page.*, (
        select count(*) from (${firstMatches(term, { n: SEARCH_COUNT_CAP + 1, desc, path: 'names', ordered: false })}) f
      )::int as matches
      from (select 1) one left join (${pageOf(term, search, 'names')}) page on true
      order by page.ndc ${direction}`.execute(stablePlans);
  const rows = answer.rows.flatMap((r) => (r.ndc ? [r as DrugRow] : []));
  const total = answer.rows[0]?.matches ?? 0;
  return {
    data: rows.map(toDetail),
    totalCount: Math.min(total, SEARCH_COUNT_CAP),
    ...(total > SEARCH_COUNT_CAP ? { totalCountCapped: true as const } : {}),
  };
}

/** The page's details in NDC order: the first offset + limit matches, past the offset. */
function pageOf(term: DrugSearchTerm, search: DrugSearch, path: WordsPath): RawBuilder<DrugRow> {
  const desc = search.sort === 'desc';
  const direction = desc ? sql`desc` : sql`asc`;
  const n = search.offset + search.limit;
  return sql`
      select ${DETAIL_COLUMNS}
      from (
        select f.ndc from (${firstMatches(term, { n, desc, path })}) f
        order by f.ndc ${direction} offset ${walks(term, path) ? sql.lit(search.offset) : sql`${search.offset}`}
      ) p
      ${DETAIL_JOIN}`;
}

/**
 * Every package whose name matches the words. The name dictionary (drug_search_name) says how
 * many packages match, exactly, before any is read; the same statement reads the page by the
 * matching names unless they are many (walkPreferred), when the reading by name is skipped
 * (a one-time filter: PostgreSQL never starts it) and a second statement walks the NDC order,
 * each step likely a match. One round trip for most name searches, planned once.
 */
async function searchWordPackages(
  { db, stablePlans }: DrugReadDatabases,
  search: DrugSearch,
  term: Extract<DrugSearchTerm, { kind: 'words' }>,
): Promise<DrugSearchPage> {
  const direction = search.sort === 'desc' ? sql`desc` : sql`asc`;
  const wanted = search.offset + search.limit;
  const { rows } = await sql<Partial<DrugRow> & { matches: number; walk: boolean }>`
    with counted as (
      select coalesce(sum(n.packages), 0)::int as matches,
        (select reltuples::int from pg_class where oid = 'drug'::regclass) as total
      from drug_search_name n
      where ${wordsCondition(sql`n.search_name`, term.words, 'parameters')}
    ),
    decided as (select counted.matches, ${walkPreferredSql(wanted)} as walk from counted)
    select page.*, decided.matches, decided.walk
    from decided left join (
      select named.* from (${pageOf(term, search, 'names')}) named
      where not (select walk from decided)
    ) page on true
    order by page.ndc ${direction}`.execute(stablePlans);
  const total = rows[0]?.matches ?? 0;
  let page: DrugRow[];
  if (rows[0]?.walk) {
    page = (
      await sql<DrugRow>`${pageOf(term, search, 'walk')} order by d.ndc ${direction}`.execute(db)
    ).rows;
  } else {
    page = rows.flatMap((r) => (r.ndc ? [r as DrugRow] : []));
  }
  return {
    data: page.map(toDetail),
    totalCount: Math.min(total, SEARCH_COUNT_CAP),
    ...(total > SEARCH_COUNT_CAP ? { totalCountCapped: true as const } : {}),
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
    db
      .selectFrom('drug_class')
      .select(['code', 'name'])
      .where(sql<boolean>`code = any(${wanted}::text[])`)
      .execute(),
    db
      .selectFrom('drug')
      .select(['gpi_10', (eb) => eb.fn.min('nonproprietary_name').as('name')])
      .where(sql<boolean>`gpi_10 = any(${wanted}::text[])`)
      .groupBy('gpi_10')
      .execute(),
  ]);
  const names = new Map<string, string>();
  for (const p of products) if (p.gpi_10 !== null) names.set(p.gpi_10, p.name);
  for (const c of named) names.set(c.code, c.name);
  return names;
}
