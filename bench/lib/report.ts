import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load.ts';

export interface Budget {
  named: string | null;
  note: string;
  p95Ms: number;
}

export const COMPARISON_BUDGET: Budget = {
  named: null,
  note: 'no budget named for this endpoint; design.md §6 member search budget is p95 < 25 ms',
  p95Ms: 25,
};

/** design.md §6: organization dashboard and member page API calls. */
export const DASHBOARD_BUDGET: Budget = {
  named: 'organization dashboard and member page API calls',
  note: 'design.md §6: p95 under 30 ms at 20 concurrent requests',
  p95Ms: 30,
};

export interface ScenarioReport extends LoadResult {
  name: string;
  persona: string;
  /**
   * CPU milliseconds per request while measured: the API process, and the PostgreSQL backends of
   * its pool (null on PGlite, where the database runs inside the server).
   */
  cpuMsPerRequest: { serverMsPerRequest: number | null; databaseMsPerRequest: number | null };
  /**
   * With `--cpu-per-call S`: each call of a per-call scenario run alone for S seconds after the
   * mix, its CPU milliseconds per request (server and database) and its rate alone.
   */
  callsAlone?: Record<
    string,
    {
      cpuMsPerRequest: { serverMsPerRequest: number | null; databaseMsPerRequest: number | null };
      requestsPerSecond: number;
      p95Ms: number;
    }
  >;
  /** Highest resident memory of the server process seen while this scenario ran. */
  serverPeakRssMb: number | null;
  /**
   * `p95WithinComparison`: the p95 of the mix, and of each call when the budget holds per call,
   * under the budget; `callsOverBudget` names the calls that are not.
   */
  budget: Budget & { p95WithinComparison: boolean; callsOverBudget?: string[] };
}

export function describeMachine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    // Anything else running on the cores shows up here; read the figures with it in mind.
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
  };
}

export const toMb = (bytes: number | undefined) =>
  bytes === undefined || Number.isNaN(bytes) ? null : Math.round(bytes / 1024 ** 2);

/** Writes the report as bench/results/<benchmark>-<database>-<time>.json; returns the path. */
export function saveReport(
  dir: string,
  database: string,
  report: unknown,
  benchmark = 'organizations',
): string {
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${benchmark}-${database}-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
