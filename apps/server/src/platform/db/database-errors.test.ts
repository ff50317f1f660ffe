import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../config.ts';
import { serializeError } from '../log-serializers.ts';
import { openDatabase, type Database } from './database.ts';
import { isDatabaseError, statementLabel } from './database-errors.ts';

let database: Database;
beforeAll(async () => {
  const config = loadConfig({ PILLAR_ENV: 'demo', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  database = await openDatabase(
    process.env.DATABASE_URL
      ? { ...config.database, url: process.env.DATABASE_URL, poolSize: 1 }
      : { ...config.database, pgliteDir: 'memory://' },
  );
});
afterAll(async () => {
  await database?.close();
});

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the statement did not fail');
}

describe('database errors', () => {
  it('lose the value a data error quotes, in the message and the stack, and keep the code', async () => {
    const error = await failure(() => sql`select ${'Zebulonia'}::int as n`.execute(database.db));
    expect(isDatabaseError(error)).toBe(true);
    const logged = JSON.stringify(serializeError(error));
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('Zebulonia');
    expect(logged).not.toContain('Zebulonia');
    expect(serializeError(error)).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "[redacted]"',
      statement: { kind: 'select' },
    });
  });

  it('keep the names of what failed in their messages', async () => {
    const error = await failure(() =>
      sql`select * from ${sql.table('no_such_table_here')}`.execute(database.db),
    );
    expect(error.message).toBe('relation "no_such_table_here" does not exist');
  });
});

describe('the statement label', () => {
  it('names the kind and the table of a statement, never its values', () => {
    const insert = statementLabel('insert into "employee" ("a") values ($1)');
    expect(insert).toMatchObject({ kind: 'insert', table: 'employee' });
    expect(insert.name).toMatch(/^k[\w-]{22}$/);
    expect(statementLabel('update "app_user" set "x" = $1 where "y" = $2')).toMatchObject({
      kind: 'update',
      table: 'app_user',
    });
    expect(statementLabel('delete from "audit_log" where "a" = $1').table).toBe('audit_log');
    expect(statementLabel('select "a" from "coverage" as "c" where "x" = $1').table).toBe(
      'coverage',
    );
    expect(statementLabel('with "t" as (select 1) update "employee" set "a" = $1').kind).toBe(
      'update',
    );
  });
});

describe('errors that are not database errors', () => {
  it('keep their type, message and code, and nothing else they carry', () => {
    const error = Object.assign(new Error('disk full'), {
      code: 'ENOSPC',
      params: ['123-45-6789'],
      body: { ssn: '123456789' },
    });
    const logged = serializeError(new Error('upload failed', { cause: error }));
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'upload failed',
      cause: { type: 'Error', message: 'disk full', code: 'ENOSPC' },
    });
    expect(JSON.stringify(logged)).not.toContain('6789');
  });
});
