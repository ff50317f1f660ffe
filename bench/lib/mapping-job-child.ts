/**
 * The mapping job in a process of its own (issue 16's "under 300 MB for the server"): the
 * server's job code, `runMappingJob` (what the pg-boss worker calls), against the bench database
 * and a local file storage, reading the source from storage and writing the output to storage.
 * Started by `bench/lib/mapping-job.ts`; its one line of JSON on stdout reports this process's
 * resident memory before the first row and its peak (VmHWM), its CPU time and the job's wall time.
 *
 * argv[2]: JSON { database: { url?, pgliteDir }, storageDir, storageKeyHex, jobNo }.
 */
import fs from 'node:fs';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { createLocalFileStorage } from '../../apps/server/src/platform/storage/local-file-storage.ts';
import { runMappingJob } from '../../apps/server/src/modules/data-mapping/index.ts';
// The server's FastifyInstance augmentation (app.ts), for the module files the job reaches.
import type {} from '../../apps/server/src/app.ts';

export interface ChildInput {
  database: { url?: string; pgliteDir: string };
  storageDir: string;
  storageKeyHex: string;
  jobNo: number;
}

export interface ChildReport {
  /** Resident set once the modules are loaded and the database is open, before the first row. */
  baselineRssMb: number;
  /** The process's peak resident set over its whole life (VmHWM; resourceUsage().maxRSS beside). */
  peakRssMb: number;
  maxRssMb: number;
  /** Wall time of runMappingJob: the template compiled, the file read, mapped and stored, the job published. */
  jobMs: number;
  /** This process's CPU time (user + system) over the job. */
  cpuMs: number;
  /** V8's heap in use at the end (with a heap in use near the baseline, growth is not kept data). */
  heapUsedMb: number;
  /** The peak resident set (VmHWM) already reached before the job, while opening the database. */
  peakRssBeforeJobMb: number;
  /** The highest resident set sampled every 50 ms during the job only. */
  peakRssDuringJobMb: number;
  /** The highest of V8's heap (reserved, used) and of memory outside it, sampled every 50 ms. */
  peakHeapTotalMb: number;
  peakHeapUsedMb: number;
  peakExternalMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function vmHwmBytes(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as ChildInput;
  const database = await openDatabase({ ...input.database, poolSize: 2 });
  const storage = createLocalFileStorage({
    root: input.storageDir,
    key: Buffer.from(input.storageKeyHex, 'hex'),
  });
  try {
    // One statement first, so the baseline includes an open connection as the worker has.
    await database.db.selectFrom('dm_job').select('job_no').limit(1).execute();
    const baselineRss = process.memoryUsage().rss;
    const hwmBefore = vmHwmBytes();
    const peaks = { rss: baselineRss, heapTotal: 0, heapUsed: 0, external: 0 };
    const sample = () => {
      const m = process.memoryUsage();
      peaks.rss = Math.max(peaks.rss, m.rss);
      peaks.heapTotal = Math.max(peaks.heapTotal, m.heapTotal);
      peaks.heapUsed = Math.max(peaks.heapUsed, m.heapUsed);
      peaks.external = Math.max(peaks.external, m.external);
    };
    const sampler = setInterval(sample, 50);
    const cpu = process.cpuUsage();
    const started = performance.now();
    await runMappingJob({ db: database.db, storage }, input.jobNo);
    const jobMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    sample();
    const report: ChildReport = {
      baselineRssMb: mb(baselineRss),
      peakRssMb: mb(vmHwmBytes()),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      jobMs: Math.round(jobMs),
      cpuMs: Math.round((used.user + used.system) / 1000),
      heapUsedMb: mb(process.memoryUsage().heapUsed),
      peakRssBeforeJobMb: mb(hwmBefore),
      peakRssDuringJobMb: mb(peaks.rss),
      peakHeapTotalMb: mb(peaks.heapTotal),
      peakHeapUsedMb: mb(peaks.heapUsed),
      peakExternalMb: mb(peaks.external),
    };
    process.stdout.write(JSON.stringify(report) + '\n');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
