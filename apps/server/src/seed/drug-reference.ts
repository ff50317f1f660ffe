import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Insertable, Kysely } from 'kysely';
import { DRUG_CLASS_NAMED_LENGTHS, isGpi10, isNdc11, ndc11FromFda } from '@pillar/domain';
import type { DB } from '../database.ts';
import { refreshSearchNames } from '../modules/drug-reference/index.ts';

/*
 * The demo drug reference (issue 14, decision 0106): the catalogue of real package NDCs the demo
 * claims bill (seed/data/demo-drugs.csv) and our classification (seed/data/drug-classes.csv:
 * names of the 2-, 4- and 6-digit class codes), loaded into the drug-reference module's tables
 * before the claims. The files' README names the source of every row.
 */

const DATA = path.join(import.meta.dirname, 'data');
export const DEMO_DRUGS_CSV = path.join(DATA, 'demo-drugs.csv');
export const DRUG_CLASSES_CSV = path.join(DATA, 'drug-classes.csv');

function readCsv(file: string): Record<string, string>[] {
  return parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
  });
}

/** The catalogue file's rows as the drug table's columns (the line named when one is wrong). */
export function readDemoDrugs(file = DEMO_DRUGS_CSV): Insertable<DB['drug']>[] {
  return readCsv(file).map((r, i) => {
    const line = i + 2;
    const packageNdc = r.ndc_fda ?? '';
    if (ndc11FromFda(packageNdc) !== r.ndc || !isNdc11(r.ndc ?? ''))
      throw new Error(
        `demo-drugs.csv line ${line}: ndc ${r.ndc} is not the NDC-11 of ${packageNdc}`,
      );
    const gpi = r.gpi_10 ?? '';
    if (gpi !== '' && !isGpi10(gpi))
      throw new Error(`demo-drugs.csv line ${line}: gpi_10 '${gpi}' is not 10 digits`);
    if (r.brand_generic !== 'brand' && r.brand_generic !== 'generic')
      throw new Error(`demo-drugs.csv line ${line}: brand_generic must be brand or generic`);
    return {
      ndc: r.ndc!,
      package_ndc: packageNdc,
      product_ndc: packageNdc.slice(0, packageNdc.lastIndexOf('-')),
      proprietary_name: r.proprietary_name ?? '',
      nonproprietary_name: r.nonproprietary_name ?? '',
      strength: r.strength ?? '',
      dosage_form: r.dosage_form ?? '',
      route: r.route ?? '',
      labeler: r.labeler ?? '',
      brand_generic: r.brand_generic,
      specialty: r.specialty === 'true',
      package_size: r.package_size || null,
      package_unit: r.package_unit || null,
      package_description: r.package_description ?? '',
      gpi_10: gpi || null,
      created_by: null,
      updated_by: null,
    };
  });
}

/** Our classification's named levels (2, 4 and 6 digits). */
export function readDrugClasses(file = DRUG_CLASSES_CSV): { code: string; name: string }[] {
  // Absent until the classification is written: the catalogue then loads unclassified.
  if (!fs.existsSync(file)) return [];
  return readCsv(file).map((r, i) => {
    const code = r.code ?? '';
    if (
      !/^\d+$/.test(code) ||
      !(DRUG_CLASS_NAMED_LENGTHS as readonly number[]).includes(code.length)
    )
      throw new Error(`drug-classes.csv line ${i + 2}: code '${code}' is not 2, 4 or 6 digits`);
    if (!r.name) throw new Error(`drug-classes.csv line ${i + 2}: the name is empty`);
    return { code, name: r.name };
  });
}

export async function seedDrugReference(db: Kysely<DB>): Promise<void> {
  const classes = readDrugClasses();
  const drugs = readDemoDrugs();
  if (classes.length > 0)
    await db
      .insertInto('drug_class')
      .values(classes.map((c) => ({ ...c, created_by: null, updated_by: null })))
      .execute();
  for (let i = 0; i < drugs.length; i += 1_000)
    await db
      .insertInto('drug')
      .values(drugs.slice(i, i + 1_000))
      .execute();
  await refreshSearchNames(db);
  await db
    .insertInto('drug_reference_load')
    .values({
      source: 'demo',
      files: 'demo-drugs.csv, drug-classes.csv',
      rows_read: drugs.length,
      rows_inserted: drugs.length,
      rows_updated: 0,
      classes_loaded: classes.length,
      created_by: null,
      updated_by: null,
    })
    .execute();
}
