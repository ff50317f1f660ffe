import path from 'node:path';
import type { Kysely } from 'kysely';
import { brandOrGeneric, ndc11FromFda } from '@pillar/domain';
import type { DB } from '../../database.ts';
import {
  createFdaStaging,
  mergeFdaPackages,
  recordReferenceLoad,
  stageRows,
} from './loaders.repo.ts';
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
    await createFdaStaging(trx);
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
        await stageRows(trx, 'fda_package_load', batch);
        batch = [];
      }
    }
    await stageRows(trx, 'fda_package_load', batch);

    const { inserted, updated, classified } = await mergeFdaPackages(trx, userNo);
    await recordReferenceLoad(trx, {
      source: 'fda',
      files: 'product.txt, package.txt',
      rowsRead,
      inserted,
      updated,
      userNo,
    });
    return { rowsRead, inserted, updated, unchanged: rowsRead - inserted - updated, classified };
  });
}
