import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../db/database.ts';
import { loadConfig } from '../../config.ts';
import { clientInputProblem, fieldWithNul } from './client-input.ts';

describe('fieldWithNul', () => {
  it('names the first field holding a NUL, nested fields with dots, keys too', () => {
    expect(fieldWithNul({ name: 'Acme' }, '')).toBeNull();
    expect(fieldWithNul({ name: 'Ac\u0000me' }, '')).toBe('name');
    expect(fieldWithNul({ a: 'ok', organizations: [{ orgId: 1 }, { name: '\u0000' }] }, '')).toBe(
      'organizations.1.name',
    );
    expect(fieldWithNul({ ['x\u0000']: 1 }, '')).toBe('x\\0');
    expect(fieldWithNul('\u0000', '')).toBe('request');
    expect(fieldWithNul([1, true, null, { deep: { deeper: ['a', 'b\u0000'] } }], '')).toBe(
      '3.deep.deeper.1',
    );
  });
});

describe('clientInputProblem', () => {
  it('answers 400 for the database errors a client value causes, nothing for the others', async () => {
    const config = loadConfig({ PILLAR_ENV: 'demo', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const database = await openDatabase({ ...config.database, pgliteDir: 'memory://' });
    try {
      const failure = async (statement: ReturnType<typeof sql>) => {
        try {
          await statement.execute(database.db);
        } catch (error) {
          return error;
        }
        throw new Error('the statement did not fail');
      };
      const cases: [ReturnType<typeof sql>, number | undefined][] = [
        [sql`select ${'abc'}::int`, 400],
        [sql`select ${'99999999999'}::int`, 400],
        [sql`select ${'2024-02-30'}::date`, 400],
        [sql`select ${'a\u0000b'}::text`, 400],
        [sql`select * from no_such_table`, undefined],
        [sql`select 1 / (select count(*) from pg_class where false)`, undefined],
      ];
      for (const [statement, status] of cases) {
        expect(clientInputProblem(await failure(statement))?.status).toBe(status);
      }
      expect(clientInputProblem(new Error('not a database error'))).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
