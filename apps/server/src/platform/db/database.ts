import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { withScrubbedErrors } from './database-errors.ts';
import { COPY_CAPABLE } from './copy-in.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PreparedStatementClient } from './prepared-statement-client.ts';
import type { DB } from './schema.ts';

const DATE_OID = 1082;
const INT8_OID = 20;

/** Dates stay 'YYYY-MM-DD' strings end to end; a JS Date would shift them by time zone. */
const keepText = (value: string) => value;
/** Counts (int8) fit in a JS number for every table we have. */
const toNumber = (value: string) => Number(value);

export interface Database {
  db: Kysely<DB>;
  /**
   * The same database through connections that plan each prepared statement once
   * (plan_cache_mode=force_generic_plan), for the few hot statements whose best plan does not
   * depend on their values (decision 0106: the drug search's trigram lookups, where the custom
   * plan PostgreSQL would otherwise remake on every call is the generic one, and planning was
   * half the statement's cost). Everything else stays on `db`, where a value can change the
   * plan. On PGlite (one connection) it is `db`.
   */
  stablePlans: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  /** The embedded instance, when there is one (pg-boss talks to it directly). */
  pglite?: PGlite;
  /** The PostgreSQL connection string, when there is one (pg-boss opens its own pool). */
  url?: string;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Config['database'],
  /** PGlite: start from this data-directory dump (a test database template, decision 0104). */
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (config.url) {
    pg.types.setTypeParser(DATE_OID, keepText);
    pg.types.setTypeParser(INT8_OID, toNumber);
    const open = (options?: string) => {
      const pool = new pg.Pool({
        connectionString: config.url,
        max: config.poolSize,
        ...(options ? { options } : {}),
        ...(config.preparedStatements === false ? {} : { Client: PreparedStatementClient }),
      });
      // An idle connection the server closes (a restart, a dropped test database) must not take
      // the process down: the pool discards it and opens another on the next query, and a query
      // that was using it fails with the same error on its own.
      pool.on('error', () => undefined);
      return new Kysely<DB>({
        dialect: withScrubbedErrors(new PostgresDialect({ pool })),
        // COPY FROM STDIN streams through PreparedStatementClient only (copy-in.ts).
        plugins: config.preparedStatements === false ? [] : [COPY_CAPABLE],
      });
    };
    const db = open();
    // Opens its connections only when a statement first uses it (pg pools are lazy).
    const stablePlans = open('-c plan_cache_mode=force_generic_plan');
    return {
      db,
      stablePlans,
      kind: 'postgres',
      url: config.url,
      close: async () => {
        await Promise.all([db.destroy(), stablePlans.destroy()]);
      },
    };
  }
  const dir = config.pgliteDir;
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: { [DATE_OID]: keepText, [INT8_OID]: toNumber },
  });
  const db = new Kysely<DB>({ dialect: withScrubbedErrors(new PGliteDialect(pglite)) });
  return { db, stablePlans: db, kind: 'pglite', pglite, close: () => db.destroy() };
}
