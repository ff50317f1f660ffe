/**
 * `npm run bench -- --mapping` (issue 16): a generated 1,000,000-row pipe-delimited eligibility
 * file mapped through a template with ten transformations of mixed kinds (padding, substring,
 * value maps, defaults, a concatenation) by the server's job code: `runMappingJob`, the function
 * the pg-boss worker calls, in a child process of its own, reading the source from a local file
 * storage and writing the output there, its job row in the bench database (mapping-job.ts).
 * Reports rows per second, the job's seconds and CPU time, and the child's resident memory
 * before the first row and at its peak (decision 0136).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TemplateMapping } from '@pillar/domain';
import { runMappingJobInChild } from './mapping-job.ts';

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
  try {
    log(`writing ${rows} rows`);
    writeSource(source, rows);
    const job = await runMappingJobInChild(
      {
        read: {
          name: 'Bench_Eligibility_Pipe',
          mediaType: 'csv',
          delimiter: '|',
          fileHasHeaderRow: true,
          fields: FIELDS.map((name) => ({ name, required: false })),
        },
        write: 'eligibility',
        templateName: 'Bench_Eligibility_Standard',
        transformations: DEFINITIONS,
        mappings: MAPPINGS,
        sourceFile: source,
      },
      log,
    );
    const peakMb = Math.max(job.peakRssMb, job.observedPeakRssMb ?? 0);
    return {
      rows: job.rowsRead,
      rowsWritten: job.rowsWritten,
      rowsDropped: job.rowsDropped,
      status: job.status,
      transformations: job.transformations,
      sourceMb: job.sourceMb,
      /** Where the job ran: runMappingJob in a child process on this database. */
      runner: `runMappingJob in a child process (${job.database}, local file storage)`,
      seconds: Math.round(job.jobMs / 10) / 100,
      ms: job.jobMs,
      /** The child's CPU time (user + system) over the job: steadier than wall time on a shared machine. */
      cpuMs: job.cpuMs,
      loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
      rowsPerSecond: Math.round(job.rowsRead / (job.jobMs / 1000)),
      peakRssMb: peakMb,
      baselineRssMb: job.baselineRssMb,
      maxRssMb: job.maxRssMb,
      observedPeakRssMb: job.observedPeakRssMb,
      peakRssBeforeJobMb: job.peakRssBeforeJobMb,
      peakRssDuringJobMb: job.peakRssDuringJobMb,
      heapUsedAtEndMb: job.heapUsedMb,
      peakHeapTotalMb: job.peakHeapTotalMb,
      peakHeapUsedMb: job.peakHeapUsedMb,
      peakExternalMb: job.peakExternalMb,
      budget: { ms: MAPPING_BUDGET_MS, rssMb: MAPPING_RSS_BUDGET_MB },
      ok:
        job.status === 'completed' &&
        job.rowsRead === rows &&
        job.jobMs < MAPPING_BUDGET_MS &&
        peakMb < MAPPING_RSS_BUDGET_MB,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
