import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { drugSearchQuery } from '@pillar/domain';
import { searchDrugs } from './drug-reference.repo.ts';
import { loadFdaDirectory, fdaStrength } from './fda-loader.ts';
import {
  DEFAULT_MEDISPAN_LAYOUT,
  loadMediSpanFile,
  readMediSpanLayout,
} from './medispan-loader.ts';
import { ReferenceFileError, fdaDate } from './reference-files.ts';

/*
 * Both loaders on small files written in the published formats (test-files/): the FDA NDC
 * Directory's product.txt/package.txt, and a Medi-Span-style fixed-width file in our documented
 * layout (decision 0106). Labeler codes 9990–99992 are test codes, not real NDCs.
 */

const FILES = path.join(import.meta.dirname, 'test-files');
const FDA = path.join(FILES, 'fda');
let t: TestApp;
let tmp: string;

beforeAll(async () => {
  t = await createTestApp();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-drug-files-'));
  // A classified package of the same drug as the FDA file's first product: the new packages
  // take its class code by nonproprietary name.
  await t.ctx.db
    .insertInto('drug')
    .values({
      ndc: '99990009901',
      proprietary_name: 'Zzqtestol',
      nonproprietary_name: 'zzqtestol hydrochloride',
      strength: '50 mg',
      dosage_form: 'TABLET',
      route: 'ORAL',
      labeler: 'Pillar Test Labs',
      brand_generic: 'brand',
      package_description: '30 TABLET in 1 BOTTLE',
      gpi_10: '9901010010',
      created_by: null,
      updated_by: null,
    })
    .execute();
}, 180_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const drugs = (prefix: string) =>
  t.ctx.db
    .selectFrom('drug')
    .selectAll()
    .where('ndc', 'like', `${prefix}%`)
    .orderBy('ndc')
    .execute();

/** A copy of the FDA fixture with one file's line (1-based, header = 1) replaced. */
function fdaVariant(
  name: string,
  file: 'product.txt' | 'package.txt',
  line: number,
  edit: (l: string) => string,
) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  for (const f of ['product.txt', 'package.txt']) {
    const lines = fs.readFileSync(path.join(FDA, f), 'utf8').split('\r\n');
    if (f === file) lines[line - 1] = edit(lines[line - 1]!);
    fs.writeFileSync(path.join(dir, f), lines.join('\r\n'));
  }
  return dir;
}

async function refusal(load: Promise<unknown>): Promise<ReferenceFileError> {
  const error = await load.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReferenceFileError);
  return error as ReferenceFileError;
}

describe('the FDA NDC Directory loader', () => {
  it('refuses a malformed file naming the line, and loads nothing', async () => {
    const cases: [string, 'product.txt' | 'package.txt', number, (l: string) => string, string][] =
      [
        ['extra-field', 'package.txt', 3, (l) => `${l}\textra`, 'package.txt line 3'],
        [
          'bad-ndc',
          'package.txt',
          4,
          (l) => l.replace('\t99991-012-30\t', '\t99991-0123-30\t'),
          'is not a 10-digit NDC',
        ],
        [
          'foreign-package',
          'package.txt',
          2,
          (l) => l.replace('\t9990-0011-30\t', '\t9990-0012-30\t'),
          'does not belong',
        ],
        [
          'bad-date',
          'product.txt',
          3,
          (l) => l.replace('20200301', '20201301'),
          'STARTMARKETINGDATE',
        ],
        [
          'bad-product-ndc',
          'product.txt',
          4,
          (l) => l.replace('\t99992-0013\t', '\t99992-00133\t'),
          'PRODUCTNDC',
        ],
        [
          'unknown-product',
          'package.txt',
          5,
          (l) => l.replace(/^[^\t]+/, 'nope'),
          'not in product.txt',
        ],
        [
          'no-column',
          'package.txt',
          1,
          (l) => l.replace('NDCPACKAGECODE', 'NDC'),
          'missing column NDCPACKAGECODE',
        ],
      ];
    for (const [name, file, line, edit, text] of cases) {
      const error = await refusal(loadFdaDirectory(t.ctx.db, fdaVariant(name, file, line, edit)));
      expect(error.message, name).toContain(`${file} line ${line}`);
      expect(error.message, name).toContain(text);
    }
    expect(await drugs('0999')).toEqual([]);
    expect(await drugs('9999')).toHaveLength(1);
  });

  it('loads the packages with their products, keeps class codes and maps new ones by name', async () => {
    const result = await loadFdaDirectory(t.ctx.db, FDA);
    expect(result).toEqual({ rowsRead: 4, inserted: 4, updated: 0, unchanged: 0, classified: 2 });
    const loaded = await drugs('0999');
    expect(loaded.map((d) => [d.ndc, d.package_ndc, d.gpi_10])).toEqual([
      ['09990001130', '9990-0011-30', '9901010010'],
      ['09990001190', '9990-0011-90', '9901010010'],
    ]);
    expect(loaded[0]).toMatchObject({
      product_ndc: '9990-0011',
      proprietary_name: 'Zzqtestol',
      nonproprietary_name: 'Zzqtestol Hydrochloride',
      strength: '25 mg',
      dosage_form: 'TABLET, FILM COATED',
      route: 'ORAL',
      labeler: 'Pillar Test Labs',
      brand_generic: 'brand',
      marketing_category: 'NDA',
      marketing_start_date: '2019-01-15',
      marketing_end_date: null,
      package_size: null,
    });
    const [combination] = await drugs('99991');
    expect(combination).toMatchObject({
      ndc: '99991001230',
      proprietary_name_suffix: 'XR',
      strength: '5 mg; 12.5 mg',
      brand_generic: 'generic',
      marketing_end_date: '2026-12-31',
      gpi_10: null,
    });
    expect((await drugs('99992'))[0]).toMatchObject({ ndc: '99992001301', strength: '20 mg/mL' });
  });

  it('a second load of the same files changes nothing; a changed file updates, keeping the class code', async () => {
    expect(await loadFdaDirectory(t.ctx.db, FDA)).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 4,
    });
    const renamed = fdaVariant('renamed', 'package.txt', 2, (l) =>
      l.replace('30 TABLET, FILM', '30 TABLET, FILM-COATED'),
    );
    expect(await loadFdaDirectory(t.ctx.db, renamed, { userNo: null })).toMatchObject({
      updated: 1,
      unchanged: 3,
    });
    expect((await drugs('09990001130'))[0]).toMatchObject({ gpi_10: '9901010010' });
    const loads = await t.ctx.db
      .selectFrom('drug_reference_load')
      .selectAll()
      .where('source', '=', 'fda')
      .execute();
    expect(loads.map((l) => [l.rows_read, l.rows_inserted, l.rows_updated])).toEqual([
      [4, 4, 0],
      [4, 0, 0],
      [4, 0, 1],
    ]);
  });
});

describe('the Medi-Span loader', () => {
  it('refuses a malformed line by number and changes nothing', async () => {
    const error = await refusal(
      loadMediSpanFile(t.ctx.db, path.join(FILES, 'medispan-bad-gpi.txt')),
    );
    expect(error.message).toBe(
      "medispan-bad-gpi.txt line 3: GPI '9902050010042X' is not 14 digits",
    );
    const short = path.join(tmp, 'short.txt');
    fs.writeFileSync(
      short,
      `${fs.readFileSync(path.join(FILES, 'medispan-drugs.txt'), 'latin1')}09990001130SHORT\r\n`,
    );
    expect((await refusal(loadMediSpanFile(t.ctx.db, short))).message).toContain(
      'short.txt line 5: the record is 16 characters long',
    );
    expect((await drugs('99991'))[0]!.gpi_10).toBeNull();
  });

  it('sets the class codes (GPI-14 to its first 10 digits) and names them', async () => {
    const result = await loadMediSpanFile(t.ctx.db, path.join(FILES, 'medispan-drugs.txt'));
    expect(result).toEqual({
      rowsRead: 4,
      inserted: 0,
      updated: 1,
      unchanged: 2,
      notInReference: 1,
      classesLoaded: 2,
    });
    expect((await drugs('99991'))[0]!.gpi_10).toBe('9902050010');
    // The search's class rows follow the load: the package is found under its new class.
    const byClass = await searchDrugs(
      t.ctx.database,
      drugSearchQuery.parse({ q: 'qqvexin', distinct: 'gpi_10' }),
    );
    expect(byClass.data.map((d) => [d.gpi_10, d.ndc])).toEqual([['9902050010', '99991001230']]);
    const classes = await t.ctx.db
      .selectFrom('drug_class')
      .select(['code', 'level', 'name'])
      .where('code', 'like', '99%')
      .orderBy('code')
      .execute();
    expect(classes).toEqual([
      { code: '9901010010', level: 5, name: 'Zzqtestol Hydrochloride' },
      { code: '9902050010', level: 5, name: 'Qqvexin Sodium-Zzqtestol' },
    ]);
  });

  it('reads a layout of the customer’s own', async () => {
    const layout = readMediSpanLayout(path.join(FILES, 'medispan-layout-no-names.json'));
    expect(layout).toEqual({ ...DEFAULT_MEDISPAN_LAYOUT, gpiName: undefined });
    expect(
      await loadMediSpanFile(t.ctx.db, path.join(FILES, 'medispan-drugs.txt'), { layout }),
    ).toMatchObject({
      updated: 0,
      unchanged: 3,
      classesLoaded: 0,
    });
  });
});

describe('FDA field readers', () => {
  it.each([
    ['20190115', '2019-01-15'],
    ['', null],
    ['20190230', undefined],
    ['2019-01-15', undefined],
  ])('date %j is %j', (value, expected) => {
    expect(fdaDate(value)).toBe(expected);
  });

  it('joins each ingredient’s strength and unit', () => {
    expect(fdaStrength('5; 12.5', 'mg/1; mg/1')).toBe('5 mg; 12.5 mg');
    expect(fdaStrength('20', 'mg/mL')).toBe('20 mg/mL');
    expect(fdaStrength('', '')).toBe('');
  });
});
