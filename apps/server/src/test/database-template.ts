import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { syncRoles } from '../modules/authorization/index.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';
import { seedDemo } from '../seed/demo-seed.ts';

/**
 * Migrated, seeded template databases, made once per test run and copied per test file
 * (decision 0104). Migrating and seeding the demo data (a year of claims) takes seconds; copying
 * a finished database takes a fraction of that.
 *
 * The run's templates live in a directory `global-setup.ts` makes and removes: for PGlite a
 * data-directory dump (`<key>.tar`), for PostgreSQL a database `pillar_template_<run>_<key>`.
 * The first test file that needs one builds it, under a lock file, so a single-file run builds
 * only the one it uses and two workers never build the same one. `<key>.json` says it is ready
 * and holds the SSN key the seed encrypted with, which every copy must then use.
 */

/** What the seed depends on, besides the code and the SSN key: the organization count. */
export interface TemplateKey {
  /** As `seedDemo` takes it; unset is the demo's default. */
  organizations?: number;
}

export interface Template {
  /** The SSN key (base64) the template's SSNs are encrypted with. */
  ssnKey: string;
  /** PGlite: the data-directory dump to start from. */
  dumpFile?: string;
  /** PostgreSQL: the template database to copy. */
  database?: string;
}

export interface TemplateRun {
  /** The run's directory; holds the dumps, lock and ready files. */
  dir: string;
  /** Names this run's PostgreSQL template databases (lowercase hex). */
  id: string;
}

const PREFIX = 'pillar_template_';
const WAIT_MS = 110_000;

export function newTemplateRun(): TemplateRun {
  const id = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  return { dir: fs.mkdtempSync(path.join(os.tmpdir(), `pillar-templates-${id}-`)), id };
}

function templateName(key: TemplateKey, url: string | undefined): string {
  return `${url ? 'pg' : 'pglite'}-orgs-${key.organizations ?? 'demo'}`;
}

function databaseName(run: TemplateRun, key: TemplateKey): string {
  return `${PREFIX}${run.id}_${key.organizations ?? 'demo'}`;
}

async function adminQuery(url: string, query: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(query);
  } finally {
    await client.end();
  }
}

async function migrateAndSeed(
  database: Awaited<ReturnType<typeof openDatabase>>,
  key: TemplateKey,
  ssnKey: Buffer,
) {
  await migrateToLatest(database.db);
  await syncRoles(database.db);
  await seedDemo(database.db, { hashPassword, organizations: key.organizations, ssnKey });
}

/** Builds one template; the caller holds its lock. */
async function build(run: TemplateRun, key: TemplateKey, url: string | undefined) {
  const ssnKey = crypto.randomBytes(32);
  const name = templateName(key, url);
  const template: Template = { ssnKey: ssnKey.toString('base64') };
  if (url) {
    const database = databaseName(run, key);
    await adminQuery(url, `create database ${database}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${database}`;
    const opened = await openDatabase({ url: templateUrl.toString(), poolSize: 2, pgliteDir: '' });
    try {
      await migrateAndSeed(opened, key, ssnKey);
    } finally {
      // A template database may have no open connections when it is copied.
      await opened.close();
    }
    template.database = database;
  } else {
    const opened = await openDatabase({ pgliteDir: 'memory://', poolSize: 1 });
    try {
      await migrateAndSeed(opened, key, ssnKey);
      // Flush the WAL into the data files, so each copy starts without replaying it.
      await opened.pglite!.exec('checkpoint');
      const dump = await opened.pglite!.dumpDataDir('none');
      const dumpFile = path.join(run.dir, `${name}.tar`);
      fs.writeFileSync(`${dumpFile}.partial`, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(`${dumpFile}.partial`, dumpFile);
      template.dumpFile = dumpFile;
    } finally {
      await opened.close();
    }
  }
  const ready = path.join(run.dir, `${name}.json`);
  fs.writeFileSync(`${ready}.partial`, JSON.stringify(template));
  fs.renameSync(`${ready}.partial`, ready);
}

/**
 * The template for `key` on this process's database (PGlite, or the PostgreSQL server of
 * DATABASE_URL): built by the first caller, waited for by the others.
 */
export async function ensureTemplate(run: TemplateRun, key: TemplateKey): Promise<Template> {
  const url = process.env.DATABASE_URL;
  const name = templateName(key, url);
  const ready = path.join(run.dir, `${name}.json`);
  const failed = path.join(run.dir, `${name}.failed`);
  const read = () => JSON.parse(fs.readFileSync(ready, 'utf8')) as Template;
  if (fs.existsSync(ready)) return read();
  let lock: number | undefined;
  try {
    lock = fs.openSync(path.join(run.dir, `${name}.lock`), 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (lock !== undefined) {
    fs.closeSync(lock);
    try {
      await build(run, key, url);
    } catch (error) {
      fs.writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
    return read();
  }
  const deadline = Date.now() + WAIT_MS;
  while (!fs.existsSync(ready)) {
    if (fs.existsSync(failed))
      throw new Error(`building the test database template ${name} failed in another worker`);
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for the test database template ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

/** Drops the run's PostgreSQL templates and empties its directory (a watch-mode rerun). */
export async function clearTemplateRun(run: TemplateRun): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { rows } = await adminQuery(
      url,
      `select datname from pg_database where datname like '${PREFIX}${run.id}\\_%'`,
    );
    for (const row of rows as { datname: string }[])
      await adminQuery(url, `drop database if exists ${row.datname} with (force)`);
  }
  for (const file of fs.readdirSync(run.dir)) fs.rmSync(path.join(run.dir, file), { force: true });
}

/** Drops the run's PostgreSQL templates and removes its directory. */
export async function removeTemplateRun(run: TemplateRun): Promise<void> {
  await clearTemplateRun(run);
  fs.rmSync(run.dir, { recursive: true, force: true });
}
