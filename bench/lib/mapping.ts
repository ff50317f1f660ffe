/**
 * `npm run bench -- --mapping` (issue 16): a generated 1,000,000-row pipe-delimited eligibility
 * file mapped through a template with ten transformations of mixed kinds (padding, substring,
 * value maps, defaults, a concatenation, a multi-field expression) by the mapping engine, in this
 * process (the engine is what a job's worker runs; no queue or database). Reports rows per second
 * and this process's peak resident set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ELIGIBILITY_WRITE_FIELDS,
  transformationDefinition,
  type TemplateMapping,
  type TransformationDefinition,
} from '@pillar/domain';
import {
  compileTemplate,
  readRowBatches,
  runMapping,
} from '../../apps/server/src/modules/data-mapping/mapping-engine.ts';

export const MAPPING_BUDGET_MS = 10_000;
export const MAPPING_RSS_BUDGET_MB = 300;

const FIELDS = ['grp', 'eff', 'ssn', 'sex', 'first', 'last', 'dob', 'rel', 'zip', 'phone'];

function writeSource(file: string, rows: number): void {
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, FIELDS.join('|') + '\n');
  let chunk: string[] = [];
  for (let i = 0; i < rows; i++) {
    chunk.push(
      [
        i % 50 === 0 ? '' : `G${i % 97}`,
        '01012026',
        String(i % 999_999_999),
        i % 2 ? 'male' : 'Female',
        `first${i % 1000}`,
        `last${i % 777}`,
        '02031980',
        i % 3 ? '18' : '19',
        `${10000 + (i % 89999)}-1234`,
        `555${String(i % 10_000_000).padStart(7, '0')}`,
      ].join('|'),
    );
    if (chunk.length === 10_000) {
      fs.writeSync(fd, chunk.join('\n') + '\n');
      chunk = [];
    }
  }
  if (chunk.length) fs.writeSync(fd, chunk.join('\n') + '\n');
  fs.closeSync(fd);
}

const DEFINITIONS: Record<string, unknown> = {
  PadSsn: { kind: 'padding', direction: 'left', padWith: '0', digits: 9 },
  Group: { kind: 'default', mode: 'blank', value: 'DEFAULT' },
  Gender: {
    kind: 'conversion',
    caseSensitive: false,
    values: [
      { from: 'male', to: 'M' },
      { from: 'female', to: 'F' },
    ],
  },
  Rel: {
    kind: 'conversion',
    values: [
      { from: '18', to: 'E' },
      { from: '19', to: 'D' },
    ],
  },
  Zip5: { kind: 'substring', start: 0, end: 5 },
  Year: { kind: 'substring', start: 4, end: 8 },
  Month: { kind: 'substring', start: 0, end: 2 },
  Day: { kind: 'substring', start: 2, end: 4 },
  PadPhone: { kind: 'padding', direction: 'right', padWith: '0', digits: 10 },
  State: { kind: 'default', mode: 'always', value: 'TX' },
};

const MAPPINGS: TemplateMapping[] = [
  { target: 'benefitGroupId', source: 'grp', transformation: 'Group' },
  {
    target: 'groupEffectiveDate',
    concatenation: [
      { type: 'schemaField', value: 'eff', transformation: 'Year' },
      { type: 'literal', value: '-' },
      { type: 'schemaField', value: 'eff', transformation: 'Month' },
      { type: 'literal', value: '-' },
      { type: 'schemaField', value: 'eff', transformation: 'Day' },
    ],
  },
  { target: 'memberEffectiveDate', source: 'eff' },
  { target: 'employeeSSN', source: 'ssn', transformation: 'PadSsn' },
  { target: 'gender', source: 'sex', transformation: 'Gender' },
  { target: 'firstName', source: 'first' },
  { target: 'lastName', source: 'last' },
  { target: 'dateOfBirth', source: 'dob' },
  { target: 'relationship', source: 'rel', transformation: 'Rel' },
  { target: 'zip', source: 'zip', transformation: 'Zip5' },
  { target: 'phone', source: 'phone', transformation: 'PadPhone' },
  { target: 'state', source: 'zip', transformation: 'State' },
];

export async function runMappingBench(rows: number, log: (line: string) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-mapping-'));
  const source = path.join(dir, 'source.txt');
  const target = path.join(dir, 'mapped.csv');
  try {
    log(`writing ${rows} rows`);
    writeSource(source, rows);
    const definitions = new Map<string, TransformationDefinition>(
      Object.entries(DEFINITIONS).map(([k, v]) => [k, transformationDefinition.parse(v)]),
    );
    const mapper = compileTemplate(ELIGIBILITY_WRITE_FIELDS, MAPPINGS, definitions);
    const rssBeforeMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    let peak = process.memoryUsage().rss;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const output = new PassThrough();
    const written = pipeline(output, fs.createWriteStream(target));
    const summary = await runMapping(
      readRowBatches(fs.createReadStream(source, { highWaterMark: 256 * 1024 }), {
        kind: 'delimited',
        delimiter: '|',
        hasHeader: true,
        fields: FIELDS.map((name) => ({ name })),
      }),
      mapper,
      output,
    );
    await written;
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    const peakMb = Math.round(peak / 1024 / 1024);
    return {
      rows: summary.rowsRead,
      rowsWritten: summary.rowsWritten,
      rowsDropped: summary.rowsDropped,
      transformations: definitions.size,
      ms: Math.round(ms),
      /** This process's CPU time (user + system) over the run: steadier than wall time on a shared machine. */
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
      rowsPerSecond: Math.round(summary.rowsRead / (ms / 1000)),
      peakRssMb: peakMb,
      rssBeforeMb,
      budget: { ms: MAPPING_BUDGET_MS, rssMb: MAPPING_RSS_BUDGET_MB },
      ok: ms < MAPPING_BUDGET_MS && peakMb < MAPPING_RSS_BUDGET_MB,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
