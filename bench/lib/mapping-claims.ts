/**
 * The mapping stage of `npm run bench -- --pricing` (issue 19: "mapping time, budget under 10 s"):
 * the generated claims, written as a PBM sends them (pipe-delimited, its own column names, dates
 * as MM/DD/YYYY, channel, brand/generic and status as words), mapped onto the standard claims
 * write schema by the server's job code in a child process of its own (mapping-job.ts), through a
 * template with the transformations such a file needs. The mapped output is checked byte for byte
 * against the standard CSV the repricing reads (the same claims written directly).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { CLAIMS_WRITE_FIELDS, type TemplateMapping } from '@pillar/domain';
import { runMappingJobInChild } from './mapping-job.ts';
import { MAPPING_BUDGET_MS, MAPPING_RSS_BUDGET_MB } from './mapping.ts';

/** The PBM file's columns, in the standard layout's order (CLAIMS_WRITE_FIELDS). */
const RAW_COLUMNS = [
  'RX_CLAIM_NBR',
  'MBR_ID',
  'DATE_FILLED',
  'NDC_11',
  'DRUG_NAME',
  'BRAND_GENERIC',
  'QTY_DISPENSED',
  'DAYS_SUPPLY',
  'SRVC_PROVIDER_ID',
  'PHARMACY_CHANNEL',
  'AWP_UNIT_PRICE',
  'AWP_TOTAL',
  'INGRED_COST_PAID',
  'DISP_FEE_PAID',
  'PATIENT_PAY',
  'PLAN_PAY',
  'TRANSACTION_STATUS',
] as const;

const CHANNELS: Record<string, string> = {
  R: 'RETAIL',
  R90: 'RETAIL 90',
  MAIL: 'MAIL ORDER',
  SR: 'SPECIALTY RETAIL',
  SM: 'SPECIALTY MAIL',
};
const BRAND: Record<string, string> = { B: 'BRAND', G: 'GENERIC', S: 'SINGLE SOURCE GENERIC' };
const STATUS: Record<string, string> = { P: 'PAID', R: 'REVERSED', U: 'U&C' };

const valueMap = (words: Record<string, string>, caseSensitive = false) => ({
  kind: 'conversion',
  caseSensitive,
  values: Object.entries(words).map(([code, word]) => ({ from: word, to: code })),
});

/** The claims template's transformations (wizard kinds: compiled to plain functions). */
export const CLAIMS_TRANSFORMATIONS: Record<string, unknown> = {
  Fill_Year: { kind: 'substring', start: 6, end: 10 },
  Fill_Month: { kind: 'substring', start: 0, end: 2 },
  Fill_Day: { kind: 'substring', start: 3, end: 5 },
  Channel_Code_Map: valueMap(CHANNELS),
  Brand_Generic_Map: valueMap(BRAND),
  Claim_Status_Map: valueMap(STATUS),
  Pad_NPI: { kind: 'padding', direction: 'left', padWith: '0', digits: 10 },
  Drug_Name_Default: { kind: 'default', mode: 'blank', value: 'UNKNOWN' },
};

const fields = CLAIMS_WRITE_FIELDS.map((f) => f.name);
const sourceOf = (target: string) => RAW_COLUMNS[fields.indexOf(target)]!;

export const CLAIMS_MAPPINGS: TemplateMapping[] = fields.map((target): TemplateMapping => {
  const source = sourceOf(target);
  switch (target) {
    case 'fillDate':
      return {
        target,
        concatenation: [
          { type: 'schemaField', value: source, transformation: 'Fill_Year' },
          { type: 'literal', value: '-' },
          { type: 'schemaField', value: source, transformation: 'Fill_Month' },
          { type: 'literal', value: '-' },
          { type: 'schemaField', value: source, transformation: 'Fill_Day' },
        ],
      };
    case 'pharmacyType':
      return { target, source, transformation: 'Channel_Code_Map' };
    case 'brandGenericIndicator':
      return { target, source, transformation: 'Brand_Generic_Map' };
    case 'claimStatus':
      return { target, source, transformation: 'Claim_Status_Map' };
    case 'pharmacyNpi':
      return { target, source, transformation: 'Pad_NPI' };
    case 'drugName':
      return { target, source, transformation: 'Drug_Name_Default' };
    default:
      return { target, source };
  }
});

/**
 * Writes the PBM's file from the standard claims CSV (the same claims, line for line): the
 * transformations above turn it back into the standard file exactly.
 */
export async function writeRawClaims(standardCsv: string, rawFile: string): Promise<void> {
  const fill = fields.indexOf('fillDate');
  const channel = fields.indexOf('pharmacyType');
  const brand = fields.indexOf('brandGenericIndicator');
  const status = fields.indexOf('claimStatus');
  const out = fs.openSync(rawFile, 'w');
  let chunk: string[] = [];
  let header = true;
  for await (const line of readline.createInterface({
    input: fs.createReadStream(standardCsv, { highWaterMark: 1024 * 1024 }),
    crlfDelay: Infinity,
  })) {
    if (header) {
      header = false;
      chunk.push(RAW_COLUMNS.join('|'));
      continue;
    }
    if (line === '') continue;
    const v = line.split(',');
    const [y, m, d] = v[fill]!.split('-');
    v[fill] = `${m}/${d}/${y}`;
    v[channel] = CHANNELS[v[channel]!] ?? v[channel]!;
    v[brand] = BRAND[v[brand]!] ?? v[brand]!;
    v[status] = STATUS[v[status]!] ?? v[status]!;
    chunk.push(v.join('|'));
    if (chunk.length === 50_000) {
      fs.writeSync(out, chunk.join('\n') + '\n');
      chunk = [];
    }
  }
  if (chunk.length) fs.writeSync(out, chunk.join('\n') + '\n');
  fs.closeSync(out);
}

function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (c) => hash.update(c))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

export interface ClaimsMappingStage {
  runner: string;
  rows: number;
  rowsWritten: number;
  mappingSeconds: number;
  mappingBudgetSeconds: number;
  rowsPerSecond: number;
  /** The job process's CPU time (user + system). */
  cpuMs: number;
  peakRssMb: number;
  baselineRssMb: number;
  peakRssBudgetMb: number;
  transformations: number;
  /** The mapped file equals the standard CSV the repricing reads, byte for byte. */
  outputMatchesStandardFile: boolean;
  ok: boolean;
}

/** The stage: `standardCsv` (written by the pricing bench) is the expected output. */
export async function runClaimsMappingStage(
  standardCsv: string,
  claims: number,
  dir: string,
  log: (line: string) => void,
): Promise<ClaimsMappingStage> {
  const raw = path.join(dir, 'pbm-claims.txt');
  const mapped = path.join(dir, 'claims-mapped.csv');
  log(`pricing: writing the PBM's raw claims file (${claims} claims)`);
  await writeRawClaims(standardCsv, raw);
  const job = await runMappingJobInChild(
    {
      read: {
        name: 'Bench_PBM_Claims',
        mediaType: 'csv',
        delimiter: '|',
        fileHasHeaderRow: true,
        fields: RAW_COLUMNS.map((name) => ({ name, required: false })),
      },
      write: 'claims',
      templateName: 'Bench_PBM_Claims_Standard',
      transformations: CLAIMS_TRANSFORMATIONS,
      mappings: CLAIMS_MAPPINGS,
      sourceFile: raw,
      outputFile: mapped,
    },
    log,
  );
  const matches = (await sha256(mapped)) === (await sha256(standardCsv));
  fs.rmSync(raw, { force: true });
  fs.rmSync(mapped, { force: true });
  const peak = Math.max(job.peakRssMb, job.observedPeakRssMb ?? 0);
  return {
    runner: `runMappingJob in a child process (${job.database}, local file storage)`,
    rows: job.rowsRead,
    rowsWritten: job.rowsWritten,
    mappingSeconds: Math.round(job.jobMs / 10) / 100,
    mappingBudgetSeconds: MAPPING_BUDGET_MS / 1000,
    rowsPerSecond: Math.round(job.rowsRead / (job.jobMs / 1000)),
    cpuMs: job.cpuMs,
    peakRssMb: peak,
    baselineRssMb: job.baselineRssMb,
    peakRssBudgetMb: MAPPING_RSS_BUDGET_MB,
    transformations: job.transformations,
    outputMatchesStandardFile: matches,
    ok:
      job.status === 'completed' &&
      job.rowsWritten === claims &&
      matches &&
      job.jobMs < MAPPING_BUDGET_MS &&
      peak < MAPPING_RSS_BUDGET_MB,
  };
}
