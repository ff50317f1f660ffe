import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { brandOrGeneric, ndc11FromFda } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { ReferenceFileError, fdaDate, tabRecords } from './reference-files.ts';

/*
 * The FDA NDC Directory loader (decision 0106): `product.txt` and `package.txt` as the FDA
 * publishes them (tab-delimited, header row, its column names), read as streams, staged in a
 * temporary table in batches and merged into `drug` by one statement, all in one transaction: a
 * malformed line stops the load with its file and line, and nothing is loaded.
 *
 * - The key is the package NDC-11 (ndc11FromFda of NDCPACKAGECODE); the published package and
 *   product NDCs and the PRODUCTID are kept beside it.
 * - Strength: each ingredient's ACTIVE_NUMERATOR_STRENGTH and ACTIVE_INGRED_UNIT ('mg/1' read
 *   'mg'), joined with '; '. Brand or generic: brandOrGeneric (the directory has no such field).
 * - Class codes: the FDA has none. A package already in the table keeps its code; a new one gets
 *   the code of a classified package with the same nonproprietary name (case ignored), else null.
 * - Packages no longer in the directory stay (claims reference them); the load never deletes.
 */

export const FDA_PRODUCT_COLUMNS = [
  'PRODUCTID',
  'PRODUCTNDC',
  'PRODUCTTYPENAME',
  'PROPRIETARYNAME',
  'PROPRIETARYNAMESUFFIX',
  'NONPROPRIETARYNAME',
  'DOSAGEFORMNAME',
  'ROUTENAME',
  'STARTMARKETINGDATE',
  'ENDMARKETINGDATE',
  'MARKETINGCATEGORYNAME',
  'APPLICATIONNUMBER',
  'LABELERNAME',
  'SUBSTANCENAME',
  'ACTIVE_NUMERATOR_STRENGTH',
  'ACTIVE_INGRED_UNIT',
  'PHARM_CLASSES',
  'DEASCHEDULE',
  'NDC_EXCLUDE_FLAG',
  'LISTING_RECORD_CERTIFIED_THROUGH',
] as const;

export const FDA_PACKAGE_COLUMNS = [
  'PRODUCTID',
  'PRODUCTNDC',
  'NDCPACKAGECODE',
  'PACKAGEDESCRIPTION',
  'STARTMARKETINGDATE',
  'ENDMARKETINGDATE',
  'NDC_EXCLUDE_FLAG',
  'SAMPLE_PACKAGE',
] as const;

/** The columns the loader reads (the others are checked present, not stored). */
const PRODUCT_REQUIRED = FDA_PRODUCT_COLUMNS.filter(
  (c) =>
    ![
      'PHARM_CLASSES',
      'DEASCHEDULE',
      'LISTING_RECORD_CERTIFIED_THROUGH',
      'APPLICATIONNUMBER',
    ].includes(c),
);
const PACKAGE_REQUIRED = FDA_PACKAGE_COLUMNS.filter((c) => c !== 'SAMPLE_PACKAGE');

const BATCH = 5000;

interface Product {
  productNdc: string;
  proprietaryName: string;
  suffix: string | null;
  nonproprietaryName: string;
  strength: string;
  dosageForm: string;
  route: string;
  labeler: string;
  marketingCategory: string;
  brandGeneric: 'brand' | 'generic';
  start: string | null;
  end: string | null;
}

interface StagedPackage {
  ndc: string;
  package_ndc: string;
  product_ndc: string;
  fda_product_id: string;
  proprietary_name: string;
  proprietary_name_suffix: string | null;
  nonproprietary_name: string;
  strength: string;
  dosage_form: string;
  route: string;
  labeler: string;
  brand_generic: 'brand' | 'generic';
  package_description: string;
  marketing_category: string;
  marketing_start_date: string | null;
  marketing_end_date: string | null;
}

export interface ReferenceLoadResult {
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** FDA: new packages that got a class code by their nonproprietary name. Medi-Span: NDCs not in the table. */
  classified?: number;
  notInReference?: number;
  classesLoaded?: number;
}

/** '10; 20' and 'mg/1; mg/1' -> '10 mg; 20 mg'. */
export function fdaStrength(numerators: string, units: string): string {
  if (numerators === '') return '';
  const n = numerators.split(';').map((s) => s.trim());
  const u = units.split(';').map((s) => s.trim().replace(/\/1$/, ''));
  return n.map((value, i) => (u[i] ? `${value} ${u[i]}` : value)).join('; ');
}

async function readProducts(file: string): Promise<Map<string, Product>> {
  const products = new Map<string, Product>();
  for await (const r of tabRecords(file, 'product.txt', PRODUCT_REQUIRED)) {
    const bad = (detail: string) => new ReferenceFileError('product.txt', r.line, detail);
    const id = r.get('PRODUCTID');
    if (id === '') throw bad('PRODUCTID is empty');
    if (products.has(id)) throw bad(`PRODUCTID ${id} appears twice`);
    const productNdc = r.get('PRODUCTNDC');
    const productDigits = productNdc.replace('-', '').length;
    if (!/^\d{4,5}-\d{3,4}$/.test(productNdc) || productDigits < 8 || productDigits > 9)
      throw bad(
        `PRODUCTNDC '${productNdc}' is not a labeler-product code (4-4 or 5-3 or 5-4 digits)`,
      );
    const nonproprietary = r.get('NONPROPRIETARYNAME') || r.get('SUBSTANCENAME');
    const proprietary = r.get('PROPRIETARYNAME') || nonproprietary;
    if (proprietary === '') throw bad('PROPRIETARYNAME and NONPROPRIETARYNAME are both empty');
    const start = fdaDate(r.get('STARTMARKETINGDATE'));
    const end = fdaDate(r.get('ENDMARKETINGDATE'));
    if (start === undefined) throw bad('STARTMARKETINGDATE is not a date (YYYYMMDD)');
    if (end === undefined) throw bad('ENDMARKETINGDATE is not a date (YYYYMMDD)');
    const marketingCategory = r.get('MARKETINGCATEGORYNAME');
    products.set(id, {
      productNdc,
      proprietaryName: proprietary,
      suffix: r.get('PROPRIETARYNAMESUFFIX') || null,
      nonproprietaryName: nonproprietary || proprietary,
      strength: fdaStrength(r.get('ACTIVE_NUMERATOR_STRENGTH'), r.get('ACTIVE_INGRED_UNIT')),
      dosageForm: r.get('DOSAGEFORMNAME'),
      route: r.get('ROUTENAME'),
      labeler: r.get('LABELERNAME'),
      marketingCategory,
      brandGeneric: brandOrGeneric(marketingCategory, proprietary, nonproprietary || proprietary),
      start,
      end,
    });
  }
  return products;
}

async function stage(db: Kysely<DB>, table: string, rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`insert into ${sql.table(table)}
    select * from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
    db,
  );
}

/**
 * Loads `product.txt` and `package.txt` from `dir` into the drug reference in one transaction.
 * Throws ReferenceFileError (file and line) for a malformed file; nothing is loaded then.
 */
export async function loadFdaDirectory(
  db: Kysely<DB>,
  dir: string,
  options: { userNo?: number | null } = {},
): Promise<ReferenceLoadResult> {
  const userNo = options.userNo ?? null;
  const products = await readProducts(path.join(dir, 'product.txt'));
  return db.transaction().execute(async (trx) => {
    await sql`create temp table fda_package_load (
      ndc text primary key, package_ndc text, product_ndc text, fda_product_id text,
      proprietary_name text, proprietary_name_suffix text, nonproprietary_name text,
      strength text, dosage_form text, route text, labeler text, brand_generic text,
      package_description text, marketing_category text, marketing_start_date date,
      marketing_end_date date
    ) on commit drop`.execute(trx);
    const seen = new Set<string>();
    let batch: StagedPackage[] = [];
    let rowsRead = 0;
    for await (const r of tabRecords(
      path.join(dir, 'package.txt'),
      'package.txt',
      PACKAGE_REQUIRED,
    )) {
      const bad = (detail: string) => new ReferenceFileError('package.txt', r.line, detail);
      const id = r.get('PRODUCTID');
      const product = products.get(id);
      if (!product) throw bad(`PRODUCTID ${id || "''"} is not in product.txt`);
      const packageNdc = r.get('NDCPACKAGECODE');
      const ndc = ndc11FromFda(packageNdc);
      if (ndc === undefined)
        throw bad(`NDCPACKAGECODE '${packageNdc}' is not a 10-digit NDC (4-4-2, 5-3-2 or 5-4-1)`);
      if (
        r.get('PRODUCTNDC') !== product.productNdc ||
        !packageNdc.startsWith(`${product.productNdc}-`)
      )
        throw bad(`NDCPACKAGECODE ${packageNdc} does not belong to product ${product.productNdc}`);
      if (seen.has(ndc)) throw bad(`NDC ${packageNdc} appears twice`);
      seen.add(ndc);
      const start = fdaDate(r.get('STARTMARKETINGDATE'));
      const end = fdaDate(r.get('ENDMARKETINGDATE'));
      if (start === undefined) throw bad('STARTMARKETINGDATE is not a date (YYYYMMDD)');
      if (end === undefined) throw bad('ENDMARKETINGDATE is not a date (YYYYMMDD)');
      rowsRead++;
      batch.push({
        ndc,
        package_ndc: packageNdc,
        product_ndc: product.productNdc,
        fda_product_id: id,
        proprietary_name: product.proprietaryName,
        proprietary_name_suffix: product.suffix,
        nonproprietary_name: product.nonproprietaryName,
        strength: product.strength,
        dosage_form: product.dosageForm,
        route: product.route,
        labeler: product.labeler,
        brand_generic: product.brandGeneric,
        package_description: r.get('PACKAGEDESCRIPTION'),
        marketing_category: product.marketingCategory,
        marketing_start_date: start ?? product.start,
        marketing_end_date: end ?? product.end,
      });
      if (batch.length >= BATCH) {
        await stage(trx, 'fda_package_load', batch);
        batch = [];
      }
    }
    await stage(trx, 'fda_package_load', batch);

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
      from merged`.execute(trx);
    const { inserted = 0, updated = 0, classified = 0 } = rows[0] ?? {};
    await trx
      .insertInto('drug_reference_load')
      .values({
        source: 'fda',
        files: 'product.txt, package.txt',
        rows_read: rowsRead,
        rows_inserted: inserted,
        rows_updated: updated,
        created_by: userNo,
        updated_by: userNo,
      })
      .execute();
    // The search's plans depend on the names' statistics (migration 0015).
    await sql`analyze drug`.execute(trx);
    return { rowsRead, inserted, updated, unchanged: rowsRead - inserted - updated, classified };
  });
}
