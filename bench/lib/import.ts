/**
 * `npm run bench -- --import` (issue 17, decision 0128), PostgreSQL only: an organization holding
 * --members employees (100,000 by default) receives a file of as many employee rows (80 % of
 * them its members: a tenth with a changed last name, a twentieth terminated, a twentieth moved
 * to another group; 20 % new members) plus 40 % more rows of new dependents. Measured, each in
 * this process against the same database:
 *
 * - preview: the preview job's own code after the file is read, `previewRows`
 *   (eligibility-imports.service.ts; runPreviewJob calls it after readRunFile), each of its steps
 *   timed through its step runner: the rows staged (stageRows: a COPY per batch, each batch's
 *   SSN hashes computed while the batch before is copied), the rows naming another organization's
 *   members and the organization's members the file names read at once (joined by the hash; their
 *   SSNs the file's, nothing decrypted), the domain's diff, the changes stored (COPY; each changed
 *   row's SSN encrypted once) with the run's status in one transaction. The file reading and
 *   mapping in front of it are the data mapper's (its own bench) and are not in this figure: the
 *   rows are generated in the standard layout.
 * - apply: every change applied by the Apply job's code (applyRun), history rows written.
 * - raw: the same rows written into a scratch table by a plain batched COPY FROM STDIN (5,000
 *   rows a COPY), the baseline of design.md §6 (decision 0137).
 *
 * Each phase reports its wall time and the CPU seconds of this process and of the database's
 * backends (steadier than wall time on a shared machine).
 */
import os from 'node:os';
import crypto from 'node:crypto';
import type { AdvancedOptions, StandardEligibilityRow } from '@pillar/domain';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate.ts';
import { createSsnProtector } from '../../apps/server/src/platform/crypto/ssn.ts';
import { canCopy, copyIn, CopyData, copyText } from '../../apps/server/src/platform/db/copy-in.ts';
import { applyRun } from '../../apps/server/src/modules/eligibility-imports/eligibility-imports.apply.ts';
import {
  onceEach,
  previewRows,
} from '../../apps/server/src/modules/eligibility-imports/eligibility-imports.service.ts';
import { startApplying } from '../../apps/server/src/modules/eligibility-imports/eligibility-imports.apply.repo.ts';
import {
  insertRun,
  STAGING_BATCH,
} from '../../apps/server/src/modules/eligibility-imports/eligibility-imports.repo.ts';
import {
  generatedIdFor,
  insertEmployeesBatch,
  nextEmployeeNos,
} from '../../apps/server/src/modules/members/member-batch.ts';
import { insertUser } from '../../apps/server/src/modules/users/users.repo.ts';
import { databaseBackendPids, processCpuMs } from './cpu.ts';
import { createBenchDatabase } from './database.ts';
import { runScript } from '../../apps/server/src/platform/db/run-script.ts';
// The server's FastifyInstance augmentation (app.ts), for the module files the import reaches.
import type {} from '../../apps/server/src/app.ts';

export const IMPORT_BUDGET_ROWS_PER_SECOND = 50_000;
export const IMPORT_VS_RAW_GOAL = 0.1;
// BENCH_IMPORT_DATABASE names another database, so two people can run the bench on one server.
const IMPORT_DATABASE = /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.BENCH_IMPORT_DATABASE ?? '')
  ? process.env.BENCH_IMPORT_DATABASE!
  : 'pillar_bench_import';
const TODAY = '2026-11-24';

type Log = (line: string) => void;

const employeeSsn = (i: number) => String(300_000_000 + i);
const newSsn = (i: number) => String(500_000_000 + i);
const dependentSsn = (i: number) => String(600_000_000 + i);

function fileRows(members: number): StandardEligibilityRow[] {
  const rows: StandardEligibilityRow[] = [];
  const base = {
    recordType: 'E' as const,
    maintenanceCode: null,
    organizationId: null,
    employeeSsn: null,
    firstName: 'Ann',
    dateOfBirth: '1980-01-01',
    gender: 'F' as const,
    relationship: null,
    alternateGroupId: null,
    divisionId: null,
    benefitPackage: null,
    effectiveDate: '2026-01-01',
    cobra: null,
    retiree: null,
    student: null,
    disabled: null,
    adultDependent: null,
  };
  const existing = Math.floor(members * 0.8);
  for (let i = 0; i < members; i++) {
    const isNew = i >= existing;
    const ssn = isNew ? newSsn(i) : employeeSsn(i);
    rows.push({
      ...base,
      rowNumber: rows.length + 1,
      ssn,
      lastName: !isNew && i % 10 === 0 ? `Changed${i}` : `Lee${i}`,
      groupId: !isNew && i % 20 === 3 ? 'G2' : 'G1',
      termDate: !isNew && i % 20 === 1 ? '2026-12-31' : null,
    });
    if (isNew || i % 4 === 0)
      rows.push({
        ...base,
        rowNumber: rows.length + 1,
        recordType: 'D',
        ssn: dependentSsn(i),
        employeeSsn: ssn,
        firstName: 'Kit',
        lastName: `Lee${i}`,
        dateOfBirth: '2015-05-05',
        relationship: '19',
        groupId: 'G1',
        termDate: null,
      });
  }
  return rows;
}

const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));

/** Wall time and CPU seconds (this process; the database's backends) of the phases measured. */
function phaseMeter(database: string) {
  // Per backend: one the pool closes during a step is left out (its last figure is unknown), never
  // subtracted.
  const dbCpu = () =>
    new Map(databaseBackendPids(database).map((p) => [p, processCpuMs(p) ?? 0] as const));
  const dbCpuSince = (before: Map<number, number>) =>
    [...dbCpu()].reduce((t, [p, ms]) => t + ms - (before.get(p) ?? 0), 0);
  const nodeCpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const phases: Record<string, { ms: number; nodeCpuS: number; dbCpuS: number }> = {};
  return {
    phases,
    async time<T>(name: string, run: () => Promise<T>): Promise<T> {
      const [w, n, d] = [performance.now(), nodeCpu(), dbCpu()];
      const out = await run();
      const p = (phases[name] ??= { ms: 0, nodeCpuS: 0, dbCpuS: 0 });
      p.ms += performance.now() - w;
      p.nodeCpuS += (nodeCpu() - n) / 1000;
      p.dbCpuS += dbCpuSince(d) / 1000;
      return out;
    },
    rounded() {
      return Object.fromEntries(
        Object.entries(phases).map(([k, p]) => [
          k,
          { ms: Math.round(p.ms), nodeCpuS: +p.nodeCpuS.toFixed(2), dbCpuS: +p.dbCpuS.toFixed(2) },
        ]),
      );
    },
  };
}

export async function runImportBench(members: number, log: Log) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('--import runs on PostgreSQL: set DATABASE_URL');
  const bench = await createBenchDatabase(adminUrl, IMPORT_DATABASE);
  const database = await openDatabase({ url: bench.url, pgliteDir: '', poolSize: 4 });
  const db = database.db;
  const ssn = createSsnProtector(crypto.randomBytes(32));
  try {
    await migrateToLatest(db);
    const { organization_no: org } = await db
      .insertInto('organization')
      .values({
        name: 'Import Bench Co',
        type: 'Employer',
        process_status: 1,
        effective_date: '2020-01-01',
        original_effective_date: '2020-01-01',
      } as never)
      .returning('organization_no')
      .executeTakeFirstOrThrow();
    const groups = await db
      .insertInto('benefit_group')
      .values(
        ['G1', 'G2'].map((id) => ({
          organization_no: org,
          benefit_group_id: id,
          name: `Group ${id}`,
          process_status: 1,
          effective_date: '2020-01-01',
        })) as never,
      )
      .returning('benefit_group_no')
      .execute();
    const g1 = groups[0]!.benefit_group_no;

    log(`seeding ${members} members`);
    const seedStart = performance.now();
    for (let i = 0; i < members; i += STAGING_BATCH) {
      const n = Math.min(STAGING_BATCH, members - i);
      await db.transaction().execute(async (trx) => {
        const nos = await nextEmployeeNos(trx, n);
        await insertEmployeesBatch(
          trx,
          org,
          1,
          nos.map((no, j) => ({
            employee_no: no,
            generated_id: generatedIdFor(no),
            benefit_group_no: g1,
            first_name: 'Ann',
            last_name: `Lee${i + j}`,
            birthdate: '1980-01-01',
            gender: 'F' as const,
            is_cobra: false,
            is_retiree: false,
            process_status: 1,
            expiration_date: null,
            effective_date: '2026-01-01',
            reinstatement_date: null,
            group_effective_date: '2026-01-01',
            group_assignment_date: '2026-01-01',
            division_no: null,
            division_effective_date: null,
            benefit_package_no: null,
            benefit_package_effective_date: null,
            benefit_package_assignment_date: null,
            ssn_hash: ssn.searchHash(employeeSsn(i + j)),
            ssn_encrypted: ssn.encrypt(employeeSsn(i + j)),
          })),
        );
      });
    }
    await runScript(db, 'analyze');
    log(`seeded in ${Math.round(performance.now() - seedStart)} ms`);

    // The run's user: internal, every organization (the preview follows its group grants).
    const user = {
      user_no: await insertUser(db, {
        username: 'import.bench@pillar.example',
        first_name: 'Import',
        last_name: 'Bench',
        user_type: 'i',
        rxb_admin: false,
        all_organizations: true,
        active: true,
      }),
    };
    const schema = await db
      .insertInto('import_schema')
      .values({ name: 'Bench', importer_type: 0, media_type: 'csv' } as never)
      .returning('import_schema_no')
      .executeTakeFirstOrThrow();
    const configuration = await db
      .insertInto('import_configuration')
      .values({
        name: 'Bench',
        organization_no: org,
        import_schema_no: schema.import_schema_no,
      } as never)
      .returning('eic_no')
      .executeTakeFirstOrThrow();
    const runId = (await insertRun(db, {
      eicNo: configuration.eic_no,
      organizationNo: org,
      fileName: 'bench.csv',
      fileFormat: 'csv',
      storageKey: 'bench',
      createdBy: user.user_no,
      fullFile: false,
    }))!;
    const rows = fileRows(members);
    log(`file: ${rows.length} rows`);

    // Preview: the job's own steps after reading (previewRows, as runPreviewJob calls it), each
    // timed by the meter.
    const meter = phaseMeter(IMPORT_DATABASE);
    const previewStart = performance.now();
    const previewed = await previewRows(
      { db, ssn: onceEach(ssn), today: () => TODAY },
      { runId, organizationNo: org, fullFile: false, createdByNo: user.user_no },
      {} as AdvancedOptions,
      { rows, rejected: [] },
      (step, run) => meter.time(step, run),
    );
    const previewMs = performance.now() - previewStart;
    log(
      `preview: ${previewed.changes} changes, ${previewed.rejected} rejected, ${previewed.elsewhere} elsewhere, ${Math.round(previewMs)} ms`,
    );

    // Apply: the job's code, history kept.
    await startApplying(db, runId, user.user_no);
    const applyStart = performance.now();
    const outcome = await meter.time('apply', () =>
      applyRun({ db, today: () => TODAY }, { runId, organizationNo: org, userNo: user.user_no }),
    );
    const applyMs = performance.now() - applyStart;
    const hist = await db
      .selectFrom('member_change_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    log(`apply: ${outcome.applied} applied, ${outcome.refused} refused, ${Math.round(applyMs)} ms`);

    // Raw: the same rows into a scratch table, one plain COPY FROM STDIN per 5,000 rows.
    await runScript(
      db,
      `create table import_raw (n int, t text, ssn text, es text, fn text, ln text, dob date,
        g text, gid text, ed date, td date)`,
    );
    if (!canCopy(db)) throw new Error('the import bench needs COPY (PostgreSQL through pg)');
    const rawStart = performance.now();
    await meter.time('rawCopy', async () => {
      for (let i = 0; i < rows.length; i += STAGING_BATCH) {
        const lines = rows
          .slice(i, i + STAGING_BATCH)
          .map(
            (r) =>
              [
                r.rowNumber,
                r.recordType,
                r.ssn,
                r.employeeSsn,
                r.firstName,
                r.lastName,
                r.dateOfBirth,
                r.gender,
                r.groupId,
                r.effectiveDate,
                r.termDate,
              ]
                .map(copyText)
                .join('\t') + '\n',
          );
        await copyIn(
          db,
          'copy import_raw (n, t, ssn, es, fn, ln, dob, g, gid, ed, td) from stdin',
          new CopyData(lines),
        );
      }
    });
    const rawMs = performance.now() - rawStart;

    const previewRate = rate(rows.length, previewMs);
    const applyRate = rate(rows.length, applyMs);
    const rawRate = rate(rows.length, rawMs);
    const ok =
      previewRate >= IMPORT_BUDGET_ROWS_PER_SECOND && applyRate >= IMPORT_BUDGET_ROWS_PER_SECOND;
    return {
      ok,
      members,
      fileRows: rows.length,
      changes: previewed.changes,
      applied: outcome.applied,
      refusedAtApply: outcome.refused,
      historyRows: Number(hist.n),
      preview: { ms: Math.round(previewMs), rowsPerSecond: previewRate },
      apply: {
        ms: Math.round(applyMs),
        rowsPerSecond: applyRate,
        changesPerSecond: rate(outcome.applied, applyMs),
        batches: outcome.batches,
      },
      rawCopy: { ms: Math.round(rawMs), rowsPerSecond: rawRate },
      phases: meter.rounded(),
      ratio: {
        previewToRaw: Number((previewRate / rawRate).toFixed(3)),
        applyToRaw: Number((applyRate / rawRate).toFixed(3)),
      },
      budget: {
        rowsPerSecond: IMPORT_BUDGET_ROWS_PER_SECOND,
        applyToRawGoal: IMPORT_VS_RAW_GOAL,
      },
      loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
      postgres: bench.serverVersion,
    };
  } finally {
    await database.close();
    await bench.drop();
  }
}
