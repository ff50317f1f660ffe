import fs from 'node:fs';
import readline from 'node:readline';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../database.ts';
import type { ReferenceLoadResult } from './fda-loader.ts';
import {
  applyMediSpanCodes,
  createMediSpanStaging,
  recordReferenceLoad,
  stageRows,
} from './loaders.repo.ts';
import { ReferenceFileError } from './reference-files.ts';

/*
 * The Medi-Span loader (decision 0106), for a customer who licenses Medi-Span's drug data. It
 * reads a fixed-width file of one record a line and sets the class code (`gpi_10`, the first ten
 * digits of the record's GPI-14) of each package NDC already in the reference, in one
 * transaction; a malformed line stops the load with its line number and nothing is changed.
 *
 * Medi-Span's own record layouts (MDDB/Master Drug Data Base) are documented for licensees only;
 * we could not find field positions published, so we do not claim to read its file as shipped.
 * The loader reads the subset it needs — NDC-11, drug name, GPI-14, and optionally the GPI's
 * name — at positions given by a layout (DEFAULT_MEDISPAN_LAYOUT, or a JSON file of the same
 * shape passed with --layout), which the customer sets from their licensed documentation.
 *
 * Drug names from the file are not written over the FDA's (they stay the directory's); a GPI
 * name, when the layout has one, names that 10-digit code in drug_class.
 */

const field = z.object({
  /** 1-based column of the first character. */
  start: z.number().int().min(1),
  length: z.number().int().min(1).max(500),
});
export const mediSpanLayout = z.object({
  ndc: field,
  drugName: field,
  gpi: field,
  gpiName: field.optional(),
});
export type MediSpanLayout = z.infer<typeof mediSpanLayout>;

/**
 * Our default positions (not Medi-Span's published ones, see above): NDC-11 in columns 1–11,
 * drug name 12–41, GPI-14 42–55, GPI name 56–115.
 */
export const DEFAULT_MEDISPAN_LAYOUT: MediSpanLayout = {
  ndc: { start: 1, length: 11 },
  drugName: { start: 12, length: 30 },
  gpi: { start: 42, length: 14 },
  gpiName: { start: 56, length: 60 },
};

export function readMediSpanLayout(file: string): MediSpanLayout {
  return mediSpanLayout.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

const BATCH = 5000;

interface Staged {
  ndc: string;
  gpi_10: string;
  gpi_name: string | null;
}

/** Sets class codes (and class names where the layout has them) from a Medi-Span file. */
export async function loadMediSpanFile(
  db: Kysely<DB>,
  file: string,
  options: { layout?: MediSpanLayout; userNo?: number | null } = {},
): Promise<ReferenceLoadResult> {
  const layout = options.layout ?? DEFAULT_MEDISPAN_LAYOUT;
  const userNo = options.userNo ?? null;
  const name = file.split(/[\\/]/).pop() ?? file;
  const fields = [layout.ndc, layout.drugName, layout.gpi];
  const minLength = Math.max(...fields.map((f) => f.start + f.length - 1));
  const cut = (line: string, f: { start: number; length: number }) =>
    line.slice(f.start - 1, f.start - 1 + f.length).trim();

  return db.transaction().execute(async (trx) => {
    await createMediSpanStaging(trx);
    const lines = readline.createInterface({
      input: fs.createReadStream(file, { encoding: 'latin1' }),
      crlfDelay: Infinity,
    });
    const seen = new Set<string>();
    let batch: Staged[] = [];
    let lineNo = 0;
    let rowsRead = 0;
    const flush = async () => {
      await stageRows(trx, 'medispan_load', batch);
      batch = [];
    };
    for await (const line of lines) {
      lineNo++;
      if (line.trim() === '') continue;
      const bad = (detail: string) => new ReferenceFileError(name, lineNo, detail);
      if (line.includes('\u0000')) throw bad('the record holds a NUL character');
      if (line.length < minLength)
        throw bad(`the record is ${line.length} characters long; the layout needs ${minLength}`);
      const ndc = cut(line, layout.ndc);
      if (!/^\d{11}$/.test(ndc)) throw bad(`NDC '${ndc}' is not 11 digits`);
      const gpi = cut(line, layout.gpi);
      if (!/^\d{14}$/.test(gpi)) throw bad(`GPI '${gpi}' is not 14 digits`);
      if (cut(line, layout.drugName) === '') throw bad('the drug name is empty');
      if (seen.has(ndc)) throw bad(`NDC ${ndc} appears twice`);
      seen.add(ndc);
      rowsRead++;
      const gpiName = layout.gpiName ? cut(line, layout.gpiName) : '';
      batch.push({ ndc, gpi_10: gpi.slice(0, 10), gpi_name: gpiName === '' ? null : gpiName });
      if (batch.length >= BATCH) await flush();
    }
    await flush();

    const { matched, updated, classesLoaded } = await applyMediSpanCodes(trx, userNo);
    await recordReferenceLoad(trx, {
      source: 'medispan',
      files: name,
      rowsRead,
      inserted: 0,
      updated,
      classesLoaded,
      userNo,
    });
    return {
      rowsRead,
      inserted: 0,
      updated,
      unchanged: matched - updated,
      notInReference: rowsRead - matched,
      classesLoaded,
    };
  });
}
