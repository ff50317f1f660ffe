import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { auditRowsOf, writeAudit, writeReadAudit } from './audit.ts';
import type { DB } from './db/schema.ts';

/*
 * Decision 0105: a read-access row commits without waiting for the WAL flush, for its own
 * statement only; a transaction that writes it with business data keeps its synchronous commit.
 */

let t: TestApp;
useTestApp((app) => (t = app));

const synchronousCommit = async (db: Kysely<DB>) =>
  (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!
    .synchronous_commit;

const rowsOf = (entityId: string) =>
  auditRowsOf(
    t.ctx.db,
    { action: 'test.read', entity: 'employee', entityId },
    { limit: 10, offset: 0 },
  );

describe('read-access audit rows (decision 0105)', () => {
  it('writes the row as writeAudit does, and leaves synchronous commit on afterwards', async () => {
    const entry = { actorUserNo: null, action: 'test.read', entity: 'employee' };
    await writeReadAudit(t.ctx.db, { ...entry, entityId: 901, detail: { what: 'aor', n: 1 } });
    await writeAudit(t.ctx.db, { ...entry, entityId: 902, detail: { what: 'aor', n: 1 } });
    const [read, change] = [(await rowsOf('901')).data, (await rowsOf('902')).data];
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ actor_user_no: null, detail: { what: 'aor', n: 1 } });
    expect(read[0]!.detail).toEqual(change[0]!.detail);
    expect(await synchronousCommit(t.ctx.db)).toBe('on');
  });

  it('inside a caller’s transaction keeps that transaction’s synchronous commit', async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      await writeReadAudit(trx, {
        actorUserNo: null,
        action: 'test.read',
        entity: 'employee',
        entityId: 903,
      });
      expect(await synchronousCommit(trx)).toBe('on');
    });
    expect((await rowsOf('903')).data).toHaveLength(1);
  });
});
