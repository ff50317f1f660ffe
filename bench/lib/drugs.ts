/**
 * The drug search scenario (design.md §6: p95 under 20 ms at 20 concurrent requests over a
 * 300,000-package FDA-format directory). The benchmark writes an FDA NDC Directory of its own
 * (product.txt and package.txt, the published columns) and a Medi-Span-style file with class
 * codes (our documented layout, decision 0106), loads both with the product's loaders, and
 * drives GET /keystonefile/v1/drug-details with what the clinician's search box sends: name
 * starts, several words, NDC prefixes, class codes, distinct=gpi_10 as the screen asks.
 * Everything is drawn from a fixed seed, so every run writes the same files and sends the same
 * requests in the same order.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config.ts';
import {
  FDA_PACKAGE_COLUMNS,
  FDA_PRODUCT_COLUMNS,
  loadFdaDirectory,
} from '../../apps/server/src/modules/drug-reference/fda-loader.ts';
import { loadMediSpanFile } from '../../apps/server/src/modules/drug-reference/medispan-loader.ts';
import { searchDrugs } from '../../apps/server/src/modules/drug-reference/drug-reference.repo.ts';
import { vacuumDrugReference } from '../../apps/server/src/modules/drug-reference/loaders.repo.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { drugSearchQuery } from '../../packages/domain/src/drug-reference.ts';
import type { Budget } from './report.ts';
import { createRandom, type Random } from './workload.ts';

/** design.md §6: drug search over a 300,000-package FDA-format directory. */
export const DRUG_SEARCH_BUDGET: Budget = {
  named: 'drug search',
  note: 'design.md §6: p95 under 20 ms at 20 concurrent requests over a 300,000-package FDA-format directory',
  p95Ms: 20,
};

/** Kinds of search and their share of the mix. */
export const DRUG_SEARCH_MIX = {
  /** The screen's call: a name start, distinct=gpi_10 (spec 2 §7). */
  distinctName: 0.35,
  /** One or two letters: the broadest a user can type. */
  shortName: 0.1,
  /** Two word starts ('amlo besy'). */
  words: 0.15,
  /** An NDC-11 prefix of 4 to 10 digits. */
  ndcPrefix: 0.15,
  /** A class code of 2 to 10 digits, distinct=gpi_10. */
  classCode: 0.15,
  /** A name start, every package, a later page. */
  namePage: 0.1,
} as const;
type DrugSearchKind = keyof typeof DRUG_SEARCH_MIX;

const STEMS = [
  'vastatin',
  'opril',
  'dipine',
  'olol',
  'sartan',
  'mab',
  'cillin',
  'floxacin',
  'azole',
  'tidine',
  'pramine',
  'oxetine',
  'afil',
  'gliptin',
  'azepam',
  'profen',
  'semide',
  'thiazide',
  'triptan',
  'tinib',
  'parin',
  'cycline',
  'mycin',
  'vir',
  'lukast',
  'sone',
  'terol',
  'dronate',
  'glitazone',
  'setron',
  'coxib',
  'barbital',
  'caine',
  'statin',
  'lamide',
  'trexate',
] as const;
const STARTS = [
  'a',
  'ab',
  'ac',
  'al',
  'am',
  'an',
  'ar',
  'at',
  'ba',
  'be',
  'bi',
  'bo',
  'ca',
  'ce',
  'ci',
  'co',
  'da',
  'de',
  'di',
  'do',
  'e',
  'el',
  'en',
  'es',
  'fa',
  'fe',
  'fi',
  'flu',
  'ga',
  'gli',
  'ha',
  'hy',
  'i',
  'ima',
  'ir',
  'ke',
  'la',
  'le',
  'li',
  'lo',
  'ma',
  'me',
  'mi',
  'mo',
  'na',
  'ne',
  'ni',
  'no',
  'o',
  'ol',
  'om',
  'pa',
  'pe',
  'pi',
  'pra',
  'pro',
  'qui',
  'ra',
  're',
  'ri',
  'ro',
  'sa',
  'se',
  'si',
  'so',
  'ta',
  'te',
  'ti',
  'to',
  'tra',
  'u',
  'va',
  've',
  'vo',
  'za',
  'ze',
  'zo',
] as const;
const MIDDLES = ['', 'l', 'n', 'r', 'mo', 'ro', 'ti', 'na', 'xa', 'va', 'lu', 'de', 'bu', 'po'];
const SALTS = [
  '',
  '',
  '',
  'hydrochloride',
  'sodium',
  'calcium',
  'potassium',
  'maleate',
  'besylate',
  'succinate',
  'tartrate',
  'mesylate',
  'acetate',
  'citrate',
  'sulfate',
] as const;
const FORMS = [
  ['TABLET', 'ORAL', 'TABLET'],
  ['TABLET, FILM COATED', 'ORAL', 'TABLET'],
  ['CAPSULE', 'ORAL', 'CAPSULE'],
  ['TABLET, EXTENDED RELEASE', 'ORAL', 'TABLET'],
  ['SOLUTION', 'ORAL', 'mL'],
  ['INJECTION, SOLUTION', 'SUBCUTANEOUS', 'mL'],
  ['CREAM', 'TOPICAL', 'g'],
  ['SUSPENSION', 'ORAL', 'mL'],
] as const;
const CATEGORIES = [
  'ANDA',
  'ANDA',
  'ANDA',
  'NDA',
  'NDA AUTHORIZED GENERIC',
  'BLA',
  'OTC MONOGRAPH DRUG',
];
const LABELER_WORDS = [
  'Pharma',
  'Laboratories',
  'Health',
  'Therapeutics',
  'Generics',
  'Medical',
  'Biologics',
  'Rx',
];

interface Ingredient {
  name: string;
  gpi10: string;
  brands: string[];
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** About 1 ingredient per 40 packages, each with a class code grouped by its stem. */
function ingredients(random: Random, count: number): Ingredient[] {
  const seen = new Set<string>();
  const out: Ingredient[] = [];
  const perSubclass = new Map<string, number>();
  while (out.length < count) {
    const stemIndex = random.int(0, STEMS.length - 1);
    const base = `${random.pick(STARTS)}${random.pick(MIDDLES)}${STEMS[stemIndex]}`;
    const salt = random.pick(SALTS);
    const name = salt ? `${base} ${salt}` : base;
    if (seen.has(name)) continue;
    seen.add(name);
    // group = stem, class and subclass spread the stem's drugs, drug and extension number them.
    const group = String(stemIndex + 10).padStart(2, '0');
    const subclass = `${group}${String(random.int(10, 19))}${String(random.int(10, 14))}`;
    const n = (perSubclass.get(subclass) ?? 0) + 1;
    perSubclass.set(subclass, n);
    const gpi10 = `${subclass}${String(n % 100).padStart(2, '0')}${salt ? '10' : '00'}`;
    const brands = Array.from({ length: random.int(0, 2) }, () =>
      capitalize(
        `${random.pick(STARTS)}${random.pick(MIDDLES)}${random.pick(['ex', 'ia', 'or', 'an', 'ix', 'yl', 'ene'])}`,
      ),
    );
    out.push({ name, gpi10, brands });
  }
  return out;
}

// The published columns, as the loader reads them: the generated directory is the FDA's layout.
const PRODUCT_HEADER = FDA_PRODUCT_COLUMNS.join('\t');
const PACKAGE_HEADER = FDA_PACKAGE_COLUMNS.join('\t');

export interface GeneratedDirectory {
  dir: string;
  mediSpanFile: string;
  packages: number;
  products: number;
  ingredients: number;
  /** Samples to search for. */
  names: string[];
  ndcs: string[];
  classCodes: string[];
}

/**
 * Writes `product.txt` and `package.txt` (FDA NDC Directory format) with `packages` packages
 * into `dir`, and `medispan.txt` giving each package its GPI-14 (our default layout). Labeler
 * codes start at 90000 (4-digit ones at 9000), so they are not real labelers' codes.
 */
export function writeFdaDirectory(dir: string, packages: number, seed = 14): GeneratedDirectory {
  const random = createRandom(seed);
  fs.mkdirSync(dir, { recursive: true });
  const drugs = ingredients(random, Math.max(20, Math.round(packages / 40)));
  const labelers = Array.from({ length: Math.max(10, Math.round(packages / 100)) }, (_, i) => ({
    code: i % 10 === 0 ? String(9000 + i / 10) : String(90000 + i),
    name: `${capitalize(random.pick(STARTS))}${random.pick(MIDDLES)}${random.pick(['ra', 'on', 'is', 'ex'])} ${random.pick(LABELER_WORDS)}`,
    next: 0,
  }));
  const product = fs.openSync(path.join(dir, 'product.txt'), 'w');
  const pack = fs.openSync(path.join(dir, 'package.txt'), 'w');
  const medispan = fs.openSync(path.join(dir, 'medispan.txt'), 'w');
  fs.writeSync(product, `${PRODUCT_HEADER}\r\n`);
  fs.writeSync(pack, `${PACKAGE_HEADER}\r\n`);
  const productLines: string[] = [];
  const packageLines: string[] = [];
  const medispanLines: string[] = [];
  const flush = (force = false) => {
    if (force || productLines.length >= 5000) {
      fs.writeSync(product, productLines.join(''));
      productLines.length = 0;
    }
    if (force || packageLines.length >= 5000) {
      fs.writeSync(pack, packageLines.join(''));
      packageLines.length = 0;
      fs.writeSync(medispan, medispanLines.join(''));
      medispanLines.length = 0;
    }
  };
  const sample = { names: [] as string[], ndcs: [] as string[], classCodes: [] as string[] };
  let written = 0;
  let products = 0;
  while (written < packages) {
    const labeler = random.pick(labelers);
    const short = labeler.code.length === 4;
    // 4-4-2, or 5-3-2 / 5-4-1 for 5-digit labelers (the product's package digit count decides).
    const packDigits = short ? 2 : random.next() < 0.5 ? 2 : 1;
    const productDigits = 10 - labeler.code.length - packDigits;
    const productCode = String(labeler.next++).padStart(productDigits, '0');
    if (productCode.length > productDigits) continue; // this labeler is full
    const productNdc = `${labeler.code}-${productCode}`;
    const drug = random.pick(drugs);
    const brand = drug.brands.length > 0 && random.next() < 0.4 ? random.pick(drug.brands) : '';
    const [form, route, unit] = random.pick(FORMS);
    const category = brand ? random.pick(['NDA', 'BLA']) : random.pick(CATEGORIES);
    const id = `${productNdc}_${(products++).toString(16).padStart(8, '0')}-bench`;
    const strength = String(random.pick([1, 2.5, 5, 10, 20, 25, 40, 50, 100, 200, 250, 500]));
    const start = `${random.int(1990, 2025)}${String(random.int(1, 12)).padStart(2, '0')}${String(random.int(1, 28)).padStart(2, '0')}`;
    productLines.push(
      [
        id,
        productNdc,
        'HUMAN PRESCRIPTION DRUG',
        brand || capitalize(drug.name),
        '',
        drug.name.toUpperCase(),
        form,
        route,
        start,
        '',
        category,
        `${category.split(' ')[0]}0${random.int(10000, 99999)}`,
        labeler.name,
        drug.name.toUpperCase(),
        strength,
        unit === 'mL' ? 'mg/mL' : unit === 'g' ? 'mg/g' : 'mg/1',
        '',
        '',
        'N',
        '20271231',
      ].join('\t') + '\r\n',
    );
    const count = Math.min(packages - written, random.int(1, 4));
    for (let p = 0; p < count; p++) {
      const packageCode = String(p + 1).padStart(packDigits, '0');
      const ndcFda = `${productNdc}-${packageCode}`;
      const [l, pr, pk] = ndcFda.split('-') as [string, string, string];
      const ndc11 = l.padStart(5, '0') + pr.padStart(4, '0') + pk.padStart(2, '0');
      const size = random.pick([30, 90, 100, 500, 1000]);
      packageLines.push(
        [
          id,
          productNdc,
          ndcFda,
          `${size} ${unit === 'mL' ? 'mL' : form} in 1 BOTTLE (${ndcFda})`,
          start,
          '',
          'N',
          'N',
        ].join('\t') + '\r\n',
      );
      const gpi14 = `${drug.gpi10}${String(random.int(1000, 9999))}`;
      medispanLines.push(
        `${ndc11}${(brand || drug.name).toUpperCase().padEnd(30).slice(0, 30)}${gpi14}${capitalize(drug.name).padEnd(60).slice(0, 60)}\r\n`,
      );
      if (written % 97 === 0) sample.ndcs.push(ndc11);
      written++;
    }
    if (products % 31 === 0) {
      sample.names.push(brand || drug.name);
      sample.classCodes.push(drug.gpi10);
    }
    flush();
  }
  flush(true);
  fs.closeSync(product);
  fs.closeSync(pack);
  fs.closeSync(medispan);
  return {
    dir,
    mediSpanFile: path.join(dir, 'medispan.txt'),
    packages: written,
    products,
    ingredients: drugs.length,
    ...sample,
  };
}

const PATH = '/keystonefile/v1/drug-details';

/** The query strings of the mix (without the path), drawn from the generated samples. */
export function drugSearchQueries(
  generated: GeneratedDirectory,
  count = 2000,
  seed = 20,
): string[] {
  const random = createRandom(seed);
  const kinds = Object.entries(DRUG_SEARCH_MIX) as [DrugSearchKind, number][];
  const pickKind = (): DrugSearchKind => {
    let roll = random.next();
    for (const [kind, share] of kinds) {
      if (roll < share) return kind;
      roll -= share;
    }
    return 'distinctName';
  };
  const start = (name: string, min: number, max: number) => {
    const word = random.pick(name.toLowerCase().split(/\s+/));
    return word.slice(0, Math.min(word.length, random.int(min, max)));
  };
  const evenPrefix = (digits: string, min: number, max: number) =>
    digits.slice(0, 2 * random.int(min / 2, max / 2));
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = pickKind();
    const name = random.pick(generated.names);
    let query: string;
    switch (kind) {
      case 'distinctName':
        query = `q=${encodeURIComponent(start(name, 3, 6))}&distinct=gpi_10`;
        break;
      case 'shortName':
        query = `q=${encodeURIComponent(start(name, 1, 2))}&distinct=gpi_10`;
        break;
      case 'words': {
        const other = random.pick(generated.names);
        query = `q=${encodeURIComponent(`${start(name, 3, 5)} ${start(other, 2, 4)}`)}`;
        if (random.next() < 0.5)
          query = `q=${encodeURIComponent(
            name
              .toLowerCase()
              .split(' ')
              .map((w) => w.slice(0, 4))
              .join(' '),
          )}`;
        break;
      }
      case 'ndcPrefix':
        query = `q=${evenPrefix(random.pick(generated.ndcs), 4, 10)}`;
        break;
      case 'classCode':
        query = `q=${evenPrefix(random.pick(generated.classCodes), 2, 10)}&distinct=gpi_10`;
        break;
      case 'namePage':
        query = `q=${encodeURIComponent(start(name, 3, 5))}&offset=${10 * random.int(1, 3)}`;
        break;
    }
    queries.push(`sort=ndc:desc&${query}&limit=10`);
  }
  return queries;
}

/** The requests of the mix, as paths. */
export function drugSearchRequests(queries: readonly string[]): string[] {
  return queries.map((q) => `${PATH}?${q}`);
}

/** A query string parsed as the contract does, for running the repository's SQL directly. */
export function parseDrugQuery(query: string) {
  return drugSearchQuery.parse(Object.fromEntries(new URLSearchParams(query)));
}

export interface DrugLoadReport {
  packages: number;
  products: number;
  ingredients: number;
  writeSeconds: number;
  fdaLoadSeconds: number;
  fdaRowsPerSecond: number;
  mediSpanLoadSeconds: number;
  classCodes: number;
}

/**
 * Writes the directory and loads it with the product's loaders (the FDA files, then the
 * Medi-Span-style class codes), as `npm run drugs:load-fda` and `drugs:load-medispan` would.
 */
export async function loadGeneratedDirectory(
  database: Config['database'],
  dir: string,
  packages: number,
): Promise<{ generated: GeneratedDirectory; report: DrugLoadReport }> {
  let started = performance.now();
  const generated = writeFdaDirectory(dir, packages);
  const writeSeconds = (performance.now() - started) / 1000;
  const opened = await openDatabase(database);
  try {
    started = performance.now();
    const fda = await loadFdaDirectory(opened.db, dir);
    const fdaLoadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await loadMediSpanFile(opened.db, generated.mediSpanFile);
    const mediSpanLoadSeconds = (performance.now() - started) / 1000;
    // As `drugs-load-fda` does after its load: pages all-visible, so index-only scans stay
    // index-only from the first request.
    await vacuumDrugReference(opened.db);
    const classes = await opened.db
      .selectFrom('drug')
      .select((eb) => eb.fn.count<number>('gpi_10').distinct().as('n'))
      .executeTakeFirstOrThrow();
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      generated,
      report: {
        packages: generated.packages,
        products: generated.products,
        ingredients: generated.ingredients,
        writeSeconds: round(writeSeconds),
        fdaLoadSeconds: round(fdaLoadSeconds),
        fdaRowsPerSecond: Math.round(fda.rowsRead / fdaLoadSeconds),
        mediSpanLoadSeconds: round(mediSpanLoadSeconds),
        classCodes: Number(classes.n),
      },
    };
  } finally {
    await opened.close();
  }
}

export interface RawSearchReport {
  note: string;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number };
}

/**
 * The physical limit beside the HTTP figures: the repository's own statements for the same
 * queries, run from this process straight against the database with `connections` at a time
 * (no HTTP, no authentication, no JSON): what the search costs the database alone.
 */
export async function runRawSearch(
  database: Config['database'],
  queries: readonly string[],
  connections: number,
  durationSeconds: number,
): Promise<RawSearchReport> {
  const opened = await openDatabase({ ...database, poolSize: connections });
  const parsed = queries.map(parseDrugQuery);
  const latencies: number[] = [];
  const until = performance.now() + durationSeconds * 1000;
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const search = parsed[next++ % parsed.length]!;
          const started = performance.now();
          await searchDrugs(opened, search);
          latencies.push(performance.now() - started);
        }
      }),
    );
  } finally {
    await opened.close();
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(
      (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0) * 100,
    ) / 100;
  return {
    note: 'the same SQL (searchDrugs of the drug-reference repository) run directly on the pool, same queries and concurrency',
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / durationSeconds),
    latencyMs: { p50: at(0.5), p95: at(0.95), p99: at(0.99) },
  };
}
