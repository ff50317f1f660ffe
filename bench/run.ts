/**
 * `npm run bench`: seeds organizations into a fresh database, starts the API as its own process
 * and measures the organizations search and detail calls under load from this process.
 * Prints a JSON report on stdout and saves it under bench/results/; progress goes to stderr.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { databaseBackendPids, startCpuMeter } from './lib/cpu.ts';
import {
  BENCH_DATABASE,
  DRUGS_BENCH_DATABASE,
  createBenchDatabase,
  readDataset,
  type Dataset,
} from './lib/database.ts';
import { callTemplate, runLoad, type LoadRequest } from './lib/load.ts';
import { dashboardRequests, readDashboardDataset, type DashboardDataset } from './lib/dashboard.ts';
import {
  COMPARISON_BUDGET,
  DASHBOARD_BUDGET,
  describeMachine,
  saveReport,
  toMb,
  type ScenarioReport,
} from './lib/report.ts';
import {
  freePort,
  readMemory,
  seedOrganizations,
  settle,
  startApi,
  stopAllChildren,
  watchRss,
} from './lib/server.ts';
import { mintTokens } from './lib/tokens.ts';
import { runPricingBench } from './lib/pricing.ts';
import { runMappingBench } from './lib/mapping.ts';
import { runImportBench } from './lib/import.ts';
import { runFilesBench, type FilesBenchReport } from './files.ts';
import {
  MEMBER_PAGE_BUDGET,
  MEMBER_SEARCH_BUDGET,
  memberPageRequests,
  MEMBER_SEARCH_MIX,
  memberSearchRequests,
  readMemberDataset,
  type MemberDataset,
} from './lib/members.ts';
import { SEARCH_MIX, detailRequests, searchRequests } from './lib/workload.ts';
import { MSR_SEARCH_BUDGET, MSR_SEARCH_MIX, msrSearchRequests } from './lib/agent-search.ts';
import {
  DRUG_SEARCH_BUDGET,
  DRUG_SEARCH_MIX,
  drugSearchQueries,
  drugSearchRequests,
  loadGeneratedDirectory,
  runRawSearch,
  type DrugLoadReport,
  type GeneratedDirectory,
  type RawSearchReport,
} from './lib/drugs.ts';
import {
  MEMBER_DETAIL_BUDGET,
  MEMBER_DETAIL_MIX,
  memberDetailRequests,
} from './lib/member-detail.ts';

const RESULTS_DIR = path.resolve(fileURLToPath(import.meta.url), '../results');

const USAGE = `Usage: npm run bench -- [options]

  --organizations N   organizations to seed (default 10000)
  --duration S        seconds of measured load per scenario (default 20)
  --warmup S          seconds of unmeasured load before each scenario (default 3)
  --connections C     concurrent connections (default 20)
  --scenario NAMES    run only these scenarios (comma-separated): search-admin, search-broker,
                      detail, dashboard, dashboard-broker, files
  --file-mb N         size of the file the files scenario uploads and downloads (default 100)
  --members           run the member scenarios instead (members-search-admin,
                      members-search-broker, member-page, member-page-broker, msr-search,
                      member-detail), seeding members too; PostgreSQL only at full size
  --employees N       employees to seed with --members (default 1000000; about 1.5 dependents
                      each)
  --drugs             run the drug search scenario instead (drug-search): writes an FDA NDC
                      Directory of --packages packages (and Medi-Span-style class codes), loads
                      them with the product's loaders, and drives GET /keystonefile/v1/drug-details
                      as a clinician; on PostgreSQL the same SQL is also run directly (rawSql)
  --packages N        packages to generate with --drugs (default 300000)
  --pricing           run the repricing engine instead (issue 19): --claims generated claims of
                      one employer repriced under the incumbent, 3 renewals and 3 PBMs with the
                      whole grid, against one hand-written DuckDB query; no server, no database
  --claims N          claims to generate with --pricing (default 1000000)
  --mapping           run the mapping engine instead (issue 16): --rows generated delimited rows
                      through a ten-transformation template, in process
  --rows N            rows to generate with --mapping (default 1000000)
  --import            run the eligibility import instead (issue 17, PostgreSQL): preview and
                      apply of a file of --import-members members (and dependents) against an
                      organization holding as many, beside a raw batched insert of the same rows
  --import-members N  members with --import (default 100000)
  --keep-database     leave the bench database in place at the end (PostgreSQL), for
                      --reuse-database
  --reuse-database    run on the bench database a --keep-database run left (PostgreSQL), without
                      seeding: a million members take long to seed on a busy machine
  --cpu-per-call S    after a scenario with a budget per call (member-detail), run each of its
                      calls alone for S seconds: CPU per request of each call (callsAlone)
  --cpu-prof          write a CPU profile of the server into bench/results/ (open it in
                      Chrome DevTools); profiling slows the server, so figures are not comparable

Runs on an embedded PGlite database in a temporary directory; with DATABASE_URL set, on that
PostgreSQL server in a database named pillar_bench (pillar_bench_drugs with --drugs, so the drug
directory never replaces the members' database; pillar_bench_import with --import, or the name in
BENCH_IMPORT_DATABASE), created and dropped by the run.`;

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

function positiveInt(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a positive whole number`);
  return n;
}

interface Scenario {
  key: string;
  name: string;
  persona: 'superAdmin' | 'broker' | 'agent' | 'clinician';
  requests(dataset: Dataset): LoadRequest[];
  /** The design.md §6 budget it answers to, when one names it. */
  budget?: typeof DASHBOARD_BUDGET;
  /** The budget holds for each call: figures per call (method and path template) too. */
  perCall?: boolean;
}

function scenarios(count: number, dashboard: () => DashboardDataset): Scenario[] {
  const visible = count % 1000 === 0 ? `${count / 1000}k` : String(count);
  return [
    {
      key: 'search-admin',
      name: `organizations.search (super admin, ${visible} visible)`,
      persona: 'superAdmin',
      requests: (d) =>
        searchRequests({
          names: d.organizations.map((o) => o.name),
          visible: d.organizations.length,
        }),
    },
    {
      key: 'search-broker',
      name: 'organizations.search (broker, scoped)',
      persona: 'broker',
      // Brokers mostly look for their own organizations, sometimes for one they do not have.
      requests: (d) => {
        const own = d.organizations.filter((o) =>
          d.brokerOrganizationNos.includes(o.organizationNo),
        );
        const others = d.organizations.slice(-own.length * 2);
        const names = [...own, ...own, ...own, ...others].map((o) => o.name);
        return searchRequests({ names, visible: d.brokerOrganizationNos.length });
      },
    },
    {
      key: 'detail',
      name: 'organizations.detail',
      persona: 'superAdmin',
      requests: (d) => detailRequests(d.organizations.map((o) => o.organizationNo)),
    },
    {
      key: 'dashboard',
      name: `organization dashboard calls (super admin, ${visible} organizations)`,
      persona: 'superAdmin',
      budget: DASHBOARD_BUDGET,
      requests: (d) =>
        dashboardRequests(
          dashboard(),
          d.organizations.map((o) => o.organizationNo),
        ),
    },
    {
      key: 'dashboard-broker',
      name: 'organization dashboard calls (broker, scoped)',
      persona: 'broker',
      budget: DASHBOARD_BUDGET,
      requests: (d) => dashboardRequests(dashboard(), d.brokerOrganizationNos),
    },
  ];
}

/** `--members`: the member searches of design.md §6, as the super admin and as a broker. */
function memberScenarios(members: () => MemberDataset): Scenario[] {
  return [
    {
      key: 'members-search-admin',
      name: 'members.search (super admin, every organization)',
      persona: 'superAdmin',
      budget: MEMBER_SEARCH_BUDGET,
      requests: () => memberSearchRequests(members()),
    },
    {
      key: 'members-search-broker',
      name: 'members.search (broker, scoped)',
      persona: 'broker',
      budget: MEMBER_SEARCH_BUDGET,
      requests: (d) =>
        memberSearchRequests(members(), { organizationNos: d.brokerOrganizationNos }),
    },
    {
      key: 'member-page',
      name: 'member page calls (super admin)',
      persona: 'superAdmin',
      budget: MEMBER_PAGE_BUDGET,
      requests: () => memberPageRequests(members()),
    },
    {
      key: 'member-page-broker',
      name: 'member page calls (broker, scoped)',
      persona: 'broker',
      budget: MEMBER_PAGE_BUDGET,
      requests: (d) => memberPageRequests(members(), { organizationNos: d.brokerOrganizationNos }),
    },
    {
      // The agent desktop's Find Member: employees and dependents together (decision 0101).
      key: 'msr-search',
      name: 'msr-search records (agent, every organization)',
      persona: 'agent',
      budget: MSR_SEARCH_BUDGET,
      requests: () => msrSearchRequests(members()),
    },
    {
      // Every call of the agent's member detail screen, as it opens a member or a dependent.
      key: 'member-detail',
      name: 'member detail calls (agent, every organization)',
      persona: 'agent',
      budget: MEMBER_DETAIL_BUDGET,
      perCall: true,
      // The broker's organizations are the ones the seed fills in every area (coverages,
      // preferences, PA cases, group information, PBC, AOR); at bench scale the others have
      // members and claims only.
      requests: (d) =>
        memberDetailRequests(members(), { fullySeededOrganizationNos: d.brokerOrganizationNos }),
    },
  ];
}

/** `--drugs`: the clinician's drug search over a generated FDA-format directory (decision 0106). */
function drugScenarios(queries: () => string[]): Scenario[] {
  return [
    {
      key: 'drug-search',
      name: 'drug-details search (clinician, generated FDA directory)',
      persona: 'clinician',
      budget: DRUG_SEARCH_BUDGET,
      requests: () => drugSearchRequests(queries()),
    },
  ];
}

/** Clean-up steps, run in reverse after the children are stopped, once, whatever happens. */
const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopAllChildren();
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`clean-up step failed: ${String(error)}`);
      }
    }
  })();
  return cleaning;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the server and cleaning up`);
    void cleanUp().finally(() => process.exit(code));
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      organizations: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      scenario: { type: 'string' },
      'file-mb': { type: 'string' },
      members: { type: 'boolean' },
      employees: { type: 'string' },
      drugs: { type: 'boolean' },
      packages: { type: 'string' },
      pricing: { type: 'boolean' },
      mapping: { type: 'boolean' },
      import: { type: 'boolean' },
      'import-members': { type: 'string' },
      rows: { type: 'string' },
      claims: { type: 'string' },
      'cpu-prof': { type: 'boolean' },
      'cpu-per-call': { type: 'string' },
      'keep-database': { type: 'boolean' },
      'reuse-database': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.mapping) {
    const rows = positiveInt(values.rows, 1_000_000, '--rows');
    const report = {
      benchmark: 'mapping',
      machine: describeMachine(),
      ...(await runMappingBench(rows, log)),
    };
    console.log(JSON.stringify(report, null, 2));
    log(`saved ${saveReport(RESULTS_DIR, 'job-child', report, 'mapping')}`);
    return report.ok ? 0 : 1;
  }
  if (values.import) {
    const members = positiveInt(values['import-members'], 100_000, '--import-members');
    const report = {
      benchmark: 'import',
      machine: describeMachine(),
      ...(await runImportBench(members, log)),
    };
    console.log(JSON.stringify(report, null, 2));
    log(`saved ${saveReport(RESULTS_DIR, 'postgres', report, 'import')}`);
    return report.ok ? 0 : 1;
  }
  if (values.pricing) {
    const claims = positiveInt(values.claims, 1_000_000, '--claims');
    const report = {
      benchmark: 'pricing',
      machine: describeMachine(),
      ...(await runPricingBench(claims, log)),
    };
    console.log(JSON.stringify(report, null, 2));
    log(`saved ${saveReport(RESULTS_DIR, 'duckdb', report, 'pricing')}`);
    return report.ok ? 0 : 1;
  }
  const withDrugs = values.drugs ?? false;
  const packages = positiveInt(values.packages, 300_000, '--packages');
  // The drug search needs only the personas: a small seed.
  const organizations = positiveInt(
    values.organizations,
    withDrugs ? 20 : 10_000,
    '--organizations',
  );
  const durationSeconds = positiveInt(values.duration, 20, '--duration');
  const warmupSeconds = values.warmup === '0' ? 0 : positiveInt(values.warmup, 3, '--warmup');
  const connections = positiveInt(values.connections, 20, '--connections');
  const cpuPerCallSeconds =
    values['cpu-per-call'] === undefined
      ? undefined
      : positiveInt(values['cpu-per-call'], 5, '--cpu-per-call');
  let dashboardDataset: DashboardDataset | undefined;
  const withMembers = values.members ?? false;
  const employees = positiveInt(values.employees, 1_000_000, '--employees');
  let memberDataset: MemberDataset | undefined;
  let drugQueries: string[] | undefined;
  const all = withDrugs
    ? drugScenarios(() => {
        if (!drugQueries) throw new Error('the drug queries are drawn after loading');
        return drugQueries;
      })
    : withMembers
      ? memberScenarios(() => {
          if (!memberDataset) throw new Error('the member dataset is read after seeding');
          return memberDataset;
        })
      : scenarios(organizations, () => {
          if (!dashboardDataset) throw new Error('the dashboard dataset is read after seeding');
          return dashboardDataset;
        });
  const wanted = values.scenario?.split(',');
  const selected = wanted
    ? all.filter((s) => wanted.includes(s.key) || wanted.includes(s.name))
    : all;
  // The files scenario is one large transfer, not a request mix under load (bench/files.ts).
  const withFiles = !withMembers && !withDrugs && (!wanted || wanted.includes('files'));
  if (withMembers && !process.env.DATABASE_URL && employees > 100_000) {
    throw new Error(
      '--members seeds its employees on PostgreSQL (set DATABASE_URL); on PGlite use --employees 100000 or fewer',
    );
  }
  const fileBytes = positiveInt(values['file-mb'], 100, '--file-mb') * 1024 * 1024;
  if (selected.length === 0 && !withFiles) {
    throw new Error(
      `unknown scenario ${values.scenario}; one of ${[...all.map((s) => s.key), 'files'].join(', ')}`,
    );
  }
  const machine = describeMachine();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  // Only what the benchmark sets: no PGLITE_DIR or external issuer of the caller leaks in.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'PGLITE_DIR',
    'PUBLIC_URL',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_AUDIENCE',
  ])
    delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RUN_WORKERS: 'false',
  });

  let database: { kind: 'pglite' | 'postgres'; serverVersion?: string; name?: string };
  const adminUrl = process.env.DATABASE_URL;
  const reuse = values['reuse-database'] === true;
  if (reuse && !adminUrl) throw new Error('--reuse-database needs DATABASE_URL (PostgreSQL)');
  const benchDatabase = withDrugs ? DRUGS_BENCH_DATABASE : BENCH_DATABASE;
  if (adminUrl && reuse) {
    const url = new URL(adminUrl);
    url.pathname = `/${benchDatabase}`;
    env.DATABASE_URL = url.toString();
    database = { kind: 'postgres', serverVersion: 'reused', name: benchDatabase };
  } else if (adminUrl) {
    const bench = await createBenchDatabase(adminUrl, benchDatabase);
    if (!values['keep-database']) cleanups.push(() => bench.drop());
    env.DATABASE_URL = bench.url;
    database = { kind: 'postgres', serverVersion: bench.serverVersion, name: benchDatabase };
  } else {
    database = { kind: 'pglite' };
  }
  const config = loadConfig(env);

  log(
    reuse
      ? `reusing ${benchDatabase} as a --keep-database run left it`
      : `seeding ${organizations} organizations${withMembers ? ` and ${employees} employees` : ''} on ${database.kind}`,
  );
  // A reused database keeps its data; the signing keys are this run's (the tokens are minted here).
  const seedSeconds = reuse
    ? 0
    : await seedOrganizations(env, organizations, withMembers ? employees : undefined);
  const dataset = await readDataset(config.database);
  if (withMembers) {
    memberDataset = await readMemberDataset(config.database, dataset.brokerOrganizationNos);
  }
  let drugLoad: DrugLoadReport | undefined;
  let generatedDrugs: GeneratedDirectory | undefined;
  if (withDrugs) {
    log(`writing an FDA NDC Directory of ${packages} packages and loading it`);
    const loaded = await loadGeneratedDirectory(
      config.database,
      path.join(dataDir, 'fda'),
      packages,
    );
    drugLoad = loaded.report;
    generatedDrugs = loaded.generated;
    drugQueries = drugSearchQueries(loaded.generated);
    log(
      `loaded ${drugLoad.packages} packages in ${drugLoad.fdaLoadSeconds} s ` +
        `(${drugLoad.fdaRowsPerSecond} rows/s), class codes in ${drugLoad.mediSpanLoadSeconds} s`,
    );
  }
  if (selected.some((s) => s.budget === DASHBOARD_BUDGET))
    dashboardDataset = await readDashboardDataset(config.database);
  const tokens = await mintTokens(env, {
    superAdmin: dataset.superAdminNo,
    broker: dataset.brokerNo,
    agent: dataset.agentNo,
    clinician: dataset.clinicianNo,
  });

  log(`starting the API on 127.0.0.1:${port}`);
  const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', RESULTS_DIR] : [];
  const server = await startApi(env, port, { nodeArgs });
  const idleRss = readMemory(server.pid)?.rss;

  const reports: ScenarioReport[] = [];
  for (const scenario of selected) {
    const paths = scenario.requests(dataset);
    const load = {
      baseUrl: server.baseUrl,
      token: tokens[scenario.persona],
      paths,
      connections,
      perCall: scenario.perCall ?? false,
    };
    if (warmupSeconds > 0) {
      log(`${scenario.name}: warming up ${warmupSeconds} s`);
      await runLoad({ ...load, durationSeconds: warmupSeconds });
      await settle(server.baseUrl);
    }
    log(`${scenario.name}: ${durationSeconds} s at ${connections} connections`);
    // The API's pool: the backends of the bench database, whose CPU is the database's share.
    const databaseName = database.name;
    const backends = () => (databaseName ? databaseBackendPids(databaseName) : []);
    const rss = watchRss(server.pid);
    const cpu = startCpuMeter(server.pid, backends);
    const result = await runLoad({ ...load, durationSeconds });
    const cpuMs = cpu.stop(result.requests);
    await settle(server.baseUrl);
    const peakRss = rss.stop();
    const budget = scenario.budget ?? COMPARISON_BUDGET;
    // A budget per call holds when every call keeps it, not only the mix as a whole.
    const callsOverBudget = Object.entries(result.calls ?? {})
      .filter(([, call]) => !(call.latencyMs.p95 < budget.p95Ms))
      .map(([call]) => call);
    reports.push({
      name: scenario.name,
      persona: scenario.persona,
      ...result,
      cpuMsPerRequest: cpuMs,
      serverPeakRssMb: toMb(peakRss),
      budget: {
        ...budget,
        p95WithinComparison: result.latencyMs.p95 < budget.p95Ms && callsOverBudget.length === 0,
        ...(result.calls ? { callsOverBudget } : {}),
      },
    });
    log(
      `${scenario.name}: p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, ` +
        `p99 ${result.latencyMs.p99} ms, ${result.requestsPerSecond} req/s; CPU per request: ` +
        `server ${cpuMs.serverMsPerRequest ?? '?'} ms, database ${cpuMs.databaseMsPerRequest ?? '(in the server)'} ms`,
    );
    for (const [call, figures] of Object.entries(result.calls ?? {})) {
      const statuses = figures.non2xx > 0 ? ` (status ${JSON.stringify(figures.statusCodes)})` : '';
      log(
        `  ${call}: p50 ${figures.latencyMs.p50} ms, p95 ${figures.latencyMs.p95} ms, ` +
          `p99 ${figures.latencyMs.p99} ms, ${figures.requestsPerSecond} req/s${statuses}`,
      );
    }
    if (cpuPerCallSeconds !== undefined && result.calls) {
      // CPU cannot be told apart per call in a mix: each call alone, its own requests in turn.
      const alone: NonNullable<ScenarioReport['callsAlone']> = {};
      for (const call of Object.keys(result.calls)) {
        const own = paths.filter((p) => callTemplate(p) === call);
        const meter = startCpuMeter(server.pid, backends);
        const single = await runLoad({
          ...load,
          paths: own,
          perCall: false,
          durationSeconds: cpuPerCallSeconds,
        });
        const used = meter.stop(single.requests);
        await settle(server.baseUrl);
        alone[call] = {
          cpuMsPerRequest: used,
          requestsPerSecond: single.requestsPerSecond,
          p95Ms: single.latencyMs.p95,
        };
        log(
          `  alone ${call}: CPU per request server ${used.serverMsPerRequest ?? '?'} ms, ` +
            `database ${used.databaseMsPerRequest ?? '(in the server)'} ms; ` +
            `${single.requestsPerSecond} req/s, p95 ${single.latencyMs.p95} ms`,
        );
      }
      reports[reports.length - 1]!.callsAlone = alone;
    }
  }
  let files: FilesBenchReport | undefined;
  if (withFiles) {
    log(`files: uploading and downloading ${fileBytes / 1024 ** 2} MB`);
    files = await runFilesBench({
      baseUrl: server.baseUrl,
      uploaderToken: tokens.superAdmin,
      recipientToken: tokens.broker,
      recipientUserNo: dataset.brokerNo,
      organizationNo: dataset.brokerOrganizationNos[0]!,
      serverPid: server.pid,
      bytes: fileBytes,
      warmupBytes: warmupSeconds > 0 ? 16 * 1024 * 1024 : 0,
    });
    log(
      `files: upload ${files.upload.megabytesPerSecond} MB/s (server peak ${files.upload.serverPeakRssMb} MB), ` +
        `download ${files.download.megabytesPerSecond} MB/s (server peak ${files.download.serverPeakRssMb} MB)`,
    );
  }
  const serverPeakRss = readMemory(server.pid)?.hwm;
  await server.stop();
  let rawSql: RawSearchReport | undefined;
  if (withDrugs && drugQueries && database.kind === 'postgres') {
    log(`raw SQL: the same searches straight on the database, ${durationSeconds} s`);
    rawSql = await runRawSearch(config.database, drugQueries, connections, durationSeconds);
    log(
      `raw SQL: p50 ${rawSql.latencyMs.p50} ms, p95 ${rawSql.latencyMs.p95} ms, ${rawSql.requestsPerSecond} req/s`,
    );
  }

  const failures = reports.filter(
    (r) => r.errors > 0 || r.timeouts > 0 || r.unexpected > 0 || r.requests === 0,
  );
  const report = {
    benchmark: withDrugs ? 'drugs' : withMembers ? 'members' : 'organizations',
    at: new Date().toISOString(),
    ok: failures.length === 0 && (files?.ok ?? true),
    machine,
    database: {
      ...database,
      poolSize: database.kind === 'postgres' ? config.database.poolSize : undefined,
    },
    organizations: dataset.organizations.length,
    ...(memberDataset
      ? { employees: memberDataset.employees, dependents: memberDataset.dependents }
      : {}),
    ...(drugLoad ? { drugLoad } : {}),
    ...(generatedDrugs ? { drugSamples: generatedDrugs.names.length } : {}),
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    load: {
      generator: 'autocannon, in the benchmark process, over loopback; server in its own process',
      connections,
      durationSeconds,
      warmupSeconds,
      serverCpuProfile: values['cpu-prof'] ?? false,
      distinctRequestsPerScenario: 2000,
      searchMix: withMembers ? MEMBER_SEARCH_MIX : SEARCH_MIX,
      ...(withMembers ? { msrSearchMix: MSR_SEARCH_MIX, memberDetailMix: MEMBER_DETAIL_MIX } : {}),
      ...(withDrugs ? { drugSearchMix: DRUG_SEARCH_MIX } : {}),
    },
    server: {
      rssAfterStartMb: toMb(idleRss),
      peakRssDuringLoadMb: Math.max(...reports.map((r) => r.serverPeakRssMb ?? 0)) || null,
      // VmHWM: the highest the process ever reached, start-up and migrations included.
      peakRssLifetimeMb: toMb(serverPeakRss),
    },
    scenarios: reports,
    ...(rawSql ? { rawSql } : {}),
    ...(files ? { files } : {}),
    note: 'Server, database and load generator share this machine; figures are for reading, never asserted in tests.',
  };
  console.log(JSON.stringify(report, null, 2));
  log(`saved ${saveReport(RESULTS_DIR, database.kind, report, report.benchmark)}`);
  for (const failure of failures) {
    log(
      `FAILED ${failure.name}: ${failure.errors} errors, ${failure.timeouts} timeouts, ` +
        `${failure.non2xx} non-2xx (${JSON.stringify(failure.statusCodes)})`,
    );
  }
  return report.ok ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await cleanUp();
}
process.exit(exitCode);
