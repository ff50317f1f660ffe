import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../config.ts';
import { serializeError } from '../log-serializers.ts';
import { openDatabase, type Database } from './database.ts';
import { canCopy, copyBytea, copyIn, CopyData, copyRow, copyText, packed } from './copy-in.ts';

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

describe('COPY FROM STDIN', () => {
  it('writes COPY text: tabs, line breaks and backslashes escaped, null as \\N, bytea as hex', () => {
    expect(copyText('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyText(null)).toBe('\\N');
    expect(copyText(42)).toBe('42');
    expect(copyBytea(Buffer.of(0, 255))).toBe('\\\\x00ff');
    expect(copyBytea(null)).toBe('\\N');
    expect(copyRow([1, 'a\tb', Buffer.of(1), null])).toBe('1\ta\\tb\t\\\\x01\t\\N\n');
  });

  it('sends the rows in pieces of about 64 KiB, each cut between two rows', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => copyRow([i, `name ${i}`]));
    const pieces = [...packed(rows)];
    expect(pieces.join('')).toBe(rows.join(''));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.length).toBeLessThan(rows.length / 100);
    for (const piece of pieces) expect(piece.endsWith('\n')).toBe(true);
    expect([...packed([])]).toEqual([]);
    expect([...packed(['1\n'])]).toEqual(['1\n']);
  });

  it.runIf(process.env.DATABASE_URL)(
    'copies every row of a COPY sent in several pieces',
    async () => {
      const n = await database.db.transaction().execute(async (trx) => {
        await sql`create temporary table copy_many (n int, t text) on commit drop`.execute(trx);
        const copied = await copyIn(
          trx,
          'copy copy_many (n, t) from stdin',
          new CopyData(Array.from({ length: 20_000 }, (_, i) => copyRow([i, `row ${i}`]))),
        );
        const { rows } = await sql<{ count: string; sum: string }>`
        select count(*) as count, sum(n) as sum from copy_many`.execute(trx);
        return { copied, count: Number(rows[0]!.count), sum: Number(rows[0]!.sum) };
      });
      expect(n).toEqual({ copied: 20_000, count: 20_000, sum: (19_999 * 20_000) / 2 });
    },
  );

  it('is offered on PostgreSQL (and its transactions) and not on PGlite', async () => {
    const db = database.db;
    expect(canCopy(db)).toBe(database.kind === 'postgres');
    await database.db
      .transaction()
      .execute(async (trx) => expect(canCopy(trx)).toBe(database.kind === 'postgres'));
  });

  it.runIf(process.env.DATABASE_URL)(
    'copies rows whose text holds the format’s own characters, inside a transaction',
    async () => {
      const values = ['tab\there', 'line\nbreak', 'back\\slash', '\\N', 'plain'];
      const copied = await database.db.transaction().execute(async (trx) => {
        await sql`create temporary table copy_probe (n int, t text, b bytea) on commit drop`.execute(
          trx,
        );
        const n = await copyIn(
          trx,
          'copy copy_probe (n, t, b) from stdin',
          new CopyData([
            ...values.map((v, i) => `${i}\t${copyText(v)}\t${copyBytea(Buffer.of(i, 0x5c))}\n`),
            `9\t${copyText(null)}\t${copyBytea(null)}\n`,
          ]),
        );
        const { rows } = await sql<{ n: number; t: string | null; b: Buffer | null }>`
          select n, t, b from copy_probe order by n`.execute(trx);
        return { n, rows };
      });
      expect(copied.n).toBe(6);
      expect(copied.rows.map((r) => r.t)).toEqual([...values, null]);
      expect(copied.rows[1]!.b).toEqual(Buffer.of(1, 0x5c));
      expect(copied.rows[5]!.b).toBeNull();
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'fails a COPY of a bad row without its values in the error, and the connection goes on',
    async () => {
      const error = await database.db
        .transaction()
        .execute(async (trx) => {
          await sql`create temporary table copy_probe (n int, t text) on commit drop`.execute(trx);
          await copyIn(
            trx,
            'copy copy_probe (n, t) from stdin',
            new CopyData([copyRow([1, 'fine']), copyRow(['Zebulonia', '123456789'])]),
          );
        })
        .then(
          () => null,
          (e: unknown) => e as Error,
        );
      expect(error).not.toBeNull();
      const logged = JSON.stringify(serializeError(error));
      expect(logged).not.toContain('Zebulonia');
      expect(logged).not.toContain('123456789');
      // The pool's one connection still answers.
      const { rows } = await sql<{ n: number }>`select 1 as n`.execute(database.db);
      expect(rows[0]!.n).toBe(1);
    },
  );
});
