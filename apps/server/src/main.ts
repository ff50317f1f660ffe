import { parseArgs } from 'node:util';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { closeContext, createContext, createLogger } from './context.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { hashPassword } from './platform/auth/passwords.ts';
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed.ts';
import {
  loadFdaDirectory,
  loadMediSpanFile,
  readMediSpanLayout,
  ReferenceFileError,
  vacuumDrugReference,
} from './modules/drug-reference/index.ts';
import { startMappingWorker } from './modules/data-mapping/index.ts';
import {
  startApplyWorker,
  startEligibilityImportWorker,
} from './modules/eligibility-imports/index.ts';
import { createSsnProtector } from './platform/crypto/ssn.ts';
import { startFaWorker } from './modules/pricing/index.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';
import { DEMO_PASSWORD, PERSONAS } from './seed/personas.ts';

const USAGE = `Usage: node apps/server/src/main.ts <command>

Commands:
  start     API and job workers in one process (the default for npm start)
  api       API only
  worker    job workers only
  migrate   apply database migrations and exit
  seed      load demo data into an empty database and exit
            --organizations N   how many organizations (default 48)
            --employees N       how many employees across them (benchmarks)
  drugs-load-fda <dir>
            load the FDA NDC Directory's product.txt and package.txt from <dir> into the
            drug reference (one transaction; a malformed line is named and nothing loads)
  drugs-load-medispan <file> [--layout layout.json]
            set class codes from a licensed Medi-Span fixed-width file (decision 0106)`;

function printLogins(publicUrl: string): void {
  const lines = PERSONAS.map((p) => `  ${p.username.padEnd(36)} ${p.description}`);
  console.log(
    `\nPillar is running at ${publicUrl}\n\nDemo logins (password for all: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n`,
  );
}

async function serve(withApi: boolean, withWorkers: boolean): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const ctx = await createContext(config, log);
  if (config.seedDemo && (await isDatabaseEmpty(ctx.db))) {
    const result = await seedDemo(ctx.db, { hashPassword, ssnKey: ctx.secrets.ssnKey });
    log.info(result, 'demo data loaded');
  }
  await ctx.jobs.start();
  if (withWorkers) {
    await ctx.mail.startWorker();
    // Mapping jobs (decision 0120) stream their files through the same storage the API writes.
    const storage = await createFileStorage(config.storage, ctx.secrets);
    await startMappingWorker({ db: ctx.db, storage, jobs: ctx.jobs });
    // Eligibility import previews (decision 0127) read the uploaded files from the same storage.
    await startEligibilityImportWorker({
      db: ctx.db,
      storage,
      jobs: ctx.jobs,
      ssn: createSsnProtector(ctx.secrets.ssnKey),
    });
    // Their Apply (decision 0128): set-based batches, resumed by the job's retry after a kill.
    await startApplyWorker({ db: ctx.db, jobs: ctx.jobs });
    // FA jobs (decision 0131) read the mapped claims files and keep their Parquet in storage.
    await startFaWorker({ db: ctx.db, storage, jobs: ctx.jobs });
  }

  const app = withApi ? await buildApp(ctx) : undefined;
  if (app) await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app?.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (app && config.seedDemo) printLogins(config.publicUrl);
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      organizations: { type: 'string' },
      employees: { type: 'string' },
      layout: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0] ?? 'start';
  if (values.help) return void console.log(USAGE);
  switch (command) {
    case 'start':
      return serve(true, loadConfig().runWorkers);
    case 'api':
      return serve(true, false);
    case 'worker':
      return serve(false, true);
    case 'migrate': {
      const config = loadConfig();
      const database = await openDatabase(config.database);
      const applied = await migrateToLatest(database.db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      return database.close();
    }
    case 'seed': {
      const config = loadConfig();
      const log = createLogger(config);
      const ctx = await createContext(config, log);
      try {
        if (!(await isDatabaseEmpty(ctx.db))) {
          console.log('The database already holds organizations; seed only fills an empty one.');
          return;
        }
        const organizations = values.organizations ? Number(values.organizations) : undefined;
        const employees = values.employees ? Number(values.employees) : undefined;
        const result = await seedDemo(ctx.db, {
          hashPassword,
          organizations,
          employees,
          ssnKey: ctx.secrets.ssnKey,
        });
        console.log(
          `Seeded ${result.organizations} organizations, ${result.groups} groups, ${result.users} users.`,
        );
      } finally {
        await closeContext(ctx);
      }
      return;
    }
    case 'drugs-load-fda':
    case 'drugs-load-medispan': {
      const source = positionals[1];
      if (!source) {
        console.error(
          `${command} needs a ${command === 'drugs-load-fda' ? 'directory' : 'file'}\n\n${USAGE}`,
        );
        process.exitCode = 2;
        return;
      }
      const database = await openDatabase(loadConfig().database);
      try {
        await migrateToLatest(database.db);
        const result =
          command === 'drugs-load-fda'
            ? await loadFdaDirectory(database.db, source)
            : await loadMediSpanFile(database.db, source, {
                ...(values.layout ? { layout: readMediSpanLayout(values.layout) } : {}),
              });
        await vacuumDrugReference(database.db);
        console.log(JSON.stringify(result));
      } catch (error) {
        if (!(error instanceof ReferenceFileError)) throw error;
        console.error(`Nothing was loaded: ${error.message}`);
        process.exitCode = 1;
      } finally {
        await database.close();
      }
      return;
    }
    default:
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
