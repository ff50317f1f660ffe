import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppContext } from '../app.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { signAccessToken } from '../platform/auth/access-token.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { closeContext, createContext, createLogger } from '../context.ts';
import { openDatabase } from '../platform/db/database.ts';
import { seedDemo } from '../seed/demo-seed.ts';
import { persona, type PersonaKey } from '../seed/personas.ts';
import { ensureTemplate, type Template } from './database-template.ts';

/** Who calls: a demo persona, or a user a test built (`given(t).user()`). */
export type Caller = PersonaKey | { userNo: number };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  userNo(key: Caller): Promise<number>;
  tokenFor(key: Caller): Promise<string>;
  /** `app.inject` with the persona's (or built user's) bearer token. */
  injectAs(key: Caller, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A test database of its own: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server of DATABASE_URL (CI runs the API tests both ways). With a template it starts
 * as a copy of the run's migrated, seeded database (decision 0104); without one it is empty.
 */
async function openTestDatabase(config: Config, template: Template | undefined) {
  const url = process.env.DATABASE_URL;
  if (!url)
    return {
      database: await openDatabase(
        { ...config.database, pgliteDir: 'memory://' },
        template?.dumpFile ? { loadDataDir: await fs.openAsBlob(template.dumpFile) } : {},
      ),
      drop: async () => {},
    };
  const name = `pillar_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    template?.database
      ? `create database ${name} template ${template.database}`
      : `create database ${name}`,
  );
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ ...config.database, url: testUrl.toString(), poolSize: 5 });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * The run's template for this seed, when the run has templates (the server project's
 * globalSetup) and nothing the seed reads is changed: a test that sets its own SSN key seeds
 * its own database. The seed's only other input is the organization count, the template's key.
 */
async function templateFor(options: {
  organizations?: number;
  env?: Record<string, string>;
}): Promise<Template | undefined> {
  const run = inject('pillarTemplateRun');
  if (!run || options.env?.SSN_ENCRYPTION_KEY !== undefined) return undefined;
  return ensureTemplate(run, { organizations: options.organizations });
}

export async function createTestApp(
  options: {
    organizations?: number;
    env?: Record<string, string>;
    startJobs?: boolean;
    logStream?: { write(line: string): void };
    /** Kysely plugins on the app's database (a test that records the SQL the app sends). */
    plugins?: KyselyPlugin[];
    /**
     * false: bulk writes take the multi-row insert path even on PostgreSQL, as on PGlite (the SQL
     * snapshot test, whose snapshots must be the same on both databases).
     */
    copy?: boolean;
  } = {},
): Promise<TestApp> {
  const template = await templateFor(options);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pillar-test-'));
  const config = loadConfig({
    PILLAR_ENV: 'demo',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://localhost:8080',
    // The template's SSNs are encrypted with its key; the other secrets are the test's own.
    ...(template ? { SSN_ENCRYPTION_KEY: template.ssnKey } : {}),
    ...options.env,
  });
  const { database, drop } = await openTestDatabase(config, template);
  // The only plugin a database opens with is copy-in.ts's COPY_CAPABLE mark.
  if (options.copy === false) database.db = database.db.withoutPlugins();
  for (const plugin of options.plugins ?? []) {
    database.db = database.db.withPlugin(plugin);
    database.stablePlans = database.stablePlans.withPlugin(plugin);
  }
  const ctx = await createContext(config, createLogger(config), { database });
  if (!template)
    await seedDemo(ctx.db, {
      hashPassword,
      organizations: options.organizations,
      ssnKey: ctx.secrets.ssnKey,
    });
  if (options.startJobs) {
    await ctx.jobs.start();
    await ctx.mail.startWorker();
  }
  const app = await buildApp(ctx, options.logStream ? { logStream: options.logStream } : {});
  await app.ready();

  const userNos = new Map<PersonaKey, number>();
  const tokens = new Map<PersonaKey | number, string>();
  async function userNo(key: Caller): Promise<number> {
    if (typeof key === 'object') return key.userNo;
    const known = userNos.get(key);
    if (known) return known;
    const row = await ctx.db
      .selectFrom('app_user')
      .select('user_no')
      .where('username', '=', persona(key).username)
      .executeTakeFirstOrThrow();
    userNos.set(key, row.user_no);
    return row.user_no;
  }
  async function tokenFor(key: Caller): Promise<string> {
    const cacheKey = typeof key === 'object' ? key.userNo : key;
    const known = tokens.get(cacheKey);
    if (known) return known;
    const token = await signAccessToken(config, ctx.secrets, await userNo(key));
    tokens.set(cacheKey, token);
    return token;
  }
  return {
    app,
    ctx,
    config,
    userNo,
    tokenFor,
    async injectAs(key, injectOptions) {
      const token = await tokenFor(key);
      return app.inject({
        ...injectOptions,
        headers: { ...injectOptions.headers, authorization: `Bearer ${token}` },
      });
    },
    async close() {
      await app.close();
      await closeContext(ctx);
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
