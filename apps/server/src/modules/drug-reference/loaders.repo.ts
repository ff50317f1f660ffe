import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database.ts';

/*
 * The loaders' SQL (decision 0106): temporary staging tables filled in batches (one JSON
 * document a statement: bound parameters would cost one each per column and row), then one
 * set-based statement each. Every function runs inside the loader's transaction (`db` is it).
 */

export async function createFdaStaging(db: Kysely<DB>): Promise<void> {
  await sql`create temp table fda_package_load (
      ndc text primary key, package_ndc text, product_ndc text, fda_product_id text,
      proprietary_name text, proprietary_name_suffix text, nonproprietary_name text,
      strength text, dosage_form text, route text, labeler text, brand_generic text,
      package_description text, marketing_category text, marketing_start_date date,
      marketing_end_date date
    ) on commit drop`.execute(db);
}

export async function createMediSpanStaging(db: Kysely<DB>): Promise<void> {
  await sql`create temp table medispan_load (ndc text primary key, gpi_10 text, gpi_name text)
    on commit drop`.execute(db);
}

export async function stageRows(
  db: Kysely<DB>,
  table: 'fda_package_load' | 'medispan_load',
  rows: object[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`insert into ${sql.table(table)}
    select * from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
    db,
  );
}

/**
 * Upserts the staged FDA packages into drug. A known package keeps its class code; a new one
 * takes the code of a classified package with the same nonproprietary name (case ignored). Rows
 * that did not change are not touched.
 */
export async function mergeFdaPackages(
  db: Kysely<DB>,
  userNo: number | null,
): Promise<{ inserted: number; updated: number; classified: number }> {
  const { rows } = await sql<{ inserted: number; updated: number; classified: number }>`
      with classified as (
        select distinct on (lower(nonproprietary_name)) lower(nonproprietary_name) as name_key, gpi_10
        from drug where gpi_10 is not null
        order by lower(nonproprietary_name), gpi_10
      ),
      merged as (
        insert into drug as d (ndc, package_ndc, product_ndc, fda_product_id, proprietary_name,
          proprietary_name_suffix, nonproprietary_name, strength, dosage_form, route, labeler,
          brand_generic, package_description, marketing_category, marketing_start_date,
          marketing_end_date, gpi_10, created_by, updated_by)
        select s.ndc, s.package_ndc, s.product_ndc, s.fda_product_id, s.proprietary_name,
          s.proprietary_name_suffix, s.nonproprietary_name, s.strength, s.dosage_form, s.route,
          s.labeler, s.brand_generic, s.package_description, s.marketing_category,
          s.marketing_start_date, s.marketing_end_date, c.gpi_10, ${userNo}::int, ${userNo}::int
        from fda_package_load s
        left join classified c on c.name_key = lower(s.nonproprietary_name)
        on conflict (ndc) do update set
          package_ndc = excluded.package_ndc, product_ndc = excluded.product_ndc,
          fda_product_id = excluded.fda_product_id, proprietary_name = excluded.proprietary_name,
          proprietary_name_suffix = excluded.proprietary_name_suffix,
          nonproprietary_name = excluded.nonproprietary_name, strength = excluded.strength,
          dosage_form = excluded.dosage_form, route = excluded.route, labeler = excluded.labeler,
          brand_generic = excluded.brand_generic,
          package_description = excluded.package_description,
          marketing_category = excluded.marketing_category,
          marketing_start_date = excluded.marketing_start_date,
          marketing_end_date = excluded.marketing_end_date,
          gpi_10 = coalesce(d.gpi_10, excluded.gpi_10),
          updated_at = now(), updated_by = excluded.updated_by
        where (d.package_ndc, d.product_ndc, d.fda_product_id, d.proprietary_name,
            d.proprietary_name_suffix, d.nonproprietary_name, d.strength, d.dosage_form, d.route,
            d.labeler, d.brand_generic, d.package_description, d.marketing_category,
            d.marketing_start_date, d.marketing_end_date)
          is distinct from (excluded.package_ndc, excluded.product_ndc, excluded.fda_product_id,
            excluded.proprietary_name, excluded.proprietary_name_suffix,
            excluded.nonproprietary_name, excluded.strength, excluded.dosage_form, excluded.route,
            excluded.labeler, excluded.brand_generic, excluded.package_description,
            excluded.marketing_category, excluded.marketing_start_date, excluded.marketing_end_date)
        returning (xmax = 0) as inserted, d.gpi_10 is not null as has_class
      )
      select count(*) filter (where inserted)::int as inserted,
        count(*) filter (where not inserted)::int as updated,
        count(*) filter (where inserted and has_class)::int as classified
      from merged`.execute(db);
  const { inserted = 0, updated = 0, classified = 0 } = rows[0] ?? {};
  await refreshSearchNames(db);
  return { inserted, updated, classified };
}

/** Sets the staged class codes on the packages in the reference and names the codes. */
export async function applyMediSpanCodes(
  db: Kysely<DB>,
  userNo: number | null,
): Promise<{ matched: number; updated: number; classesLoaded: number }> {
  const { rows } = await sql<{ matched: number; updated: number }>`
    with updated as (
      update drug d set gpi_10 = s.gpi_10, updated_at = now(), updated_by = ${userNo}::int
      from medispan_load s
      where s.ndc = d.ndc and d.gpi_10 is distinct from s.gpi_10
      returning d.ndc
    )
    select (select count(*) from medispan_load s join drug d on d.ndc = s.ndc)::int as matched,
      (select count(*) from updated)::int as updated`.execute(db);
  const { rows: classRows } = await sql<{ n: number }>`
    with named as (
      insert into drug_class as c (code, name, created_by, updated_by)
      select distinct on (gpi_10) gpi_10, gpi_name, ${userNo}::int, ${userNo}::int
      from medispan_load where gpi_name is not null
      order by gpi_10, gpi_name
      on conflict (code) do update set name = excluded.name, updated_at = now(),
        updated_by = excluded.updated_by
      where c.name is distinct from excluded.name
      returning 1
    )
    select count(*)::int as n from named`.execute(db);
  // The classes changed: the search's class rows follow (and drug is analyzed there).
  await refreshSearchNames(db);
  return {
    matched: rows[0]?.matched ?? 0,
    updated: rows[0]?.updated ?? 0,
    classesLoaded: classRows[0]?.n ?? 0,
  };
}

/** The history of the reference: who loaded which file when, and what it changed. */
export async function recordReferenceLoad(
  db: Kysely<DB>,
  load: {
    source: 'demo' | 'fda' | 'medispan';
    files: string;
    rowsRead: number;
    inserted: number;
    updated: number;
    classesLoaded?: number;
    userNo: number | null;
  },
): Promise<void> {
  await db
    .insertInto('drug_reference_load')
    .values({
      source: load.source,
      files: load.files,
      rows_read: load.rowsRead,
      rows_inserted: load.inserted,
      rows_updated: load.updated,
      classes_loaded: load.classesLoaded ?? 0,
      created_by: load.userNo,
      updated_by: load.userNo,
    })
    .execute();
}

/**
 * Rebuilds the name search's dictionary (drug_search_name) and each name's classes
 * (drug_search_class) from drug, set-based, and refreshes the planner's statistics. Every writer
 * of drug's names or class codes calls it (the loaders, the demo seed).
 */
export async function refreshSearchNames(db: Kysely<DB>): Promise<void> {
  await sql`delete from drug_search_name`.execute(db);
  await sql`insert into drug_search_name (search_name, packages)
    select search_name, count(*)::int from drug group by search_name`.execute(db);
  await sql`delete from drug_search_class`.execute(db);
  await sql`insert into drug_search_class (search_name, gpi_10, first_ndc, last_ndc)
    select search_name, gpi_10, min(ndc), max(ndc) from drug where gpi_10 is not null
    group by search_name, gpi_10`.execute(db);
  await sql`delete from drug_search_class_start`.execute(db);
  await sql`insert into drug_search_class_start (start, gpi_10, first_ndc, last_ndc)
    select left(w.word, l.n), s.gpi_10, min(s.first_ndc), max(s.last_ndc)
    from drug_search_class s
    cross join lateral regexp_split_to_table(btrim(s.search_name), ' +') w(word)
    cross join (values (1), (2)) l(n)
    where length(w.word) >= l.n
    group by 1, 2`.execute(db);
  await sql`analyze drug`.execute(db);
  await sql`analyze drug_search_name`.execute(db);
  await sql`analyze drug_search_class`.execute(db);
  await sql`analyze drug_search_class_start`.execute(db);
}

/**
 * After a load, outside its transaction: marks the reference's pages all-visible (the search's
 * scans are index-only, and read the table for pages that are not) and refreshes statistics.
 * Autovacuum would get there later; the CLI and the benchmark do not wait for it.
 */
export async function vacuumDrugReference(db: Kysely<DB>): Promise<void> {
  await sql`vacuum (analyze) drug`.execute(db);
  await sql`vacuum (analyze) drug_search_name`.execute(db);
  await sql`vacuum (analyze) drug_search_class`.execute(db);
  await sql`vacuum (analyze) drug_search_class_start`.execute(db);
}
