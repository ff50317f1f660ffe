import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { DB } from '../../db/schema.ts';
import { throttledBy } from './sign-in-throttle.ts';

const LOGIN = { maxFailures: 5, lockoutMinutes: 15 };
let database: Database;
let db: Kysely<DB>;

beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://', poolSize: 1 });
  db = database.db;
  await migrateToLatest(db);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await db.deleteFrom('sign_in_failure').execute();
});

/** `count` failures, the latest `latestSecondsAgo` seconds ago, the others a little before. */
async function failures(
  count: number,
  latestSecondsAgo: number,
  who: { address?: string; key?: (n: number) => string },
): Promise<void> {
  for (let n = 0; n < count; n += 1) {
    await db
      .insertInto('sign_in_failure')
      .values({
        address: who.address ?? `192.0.2.${n + 1}`,
        account_key: who.key?.(n) ?? `someone${n}@example.com`,
        created_at: sql<Date>`now() - make_interval(secs => ${latestSecondsAgo + (count - 1 - n) * 0.01})`,
      })
      .execute();
  }
}

const attempt = { address: '198.51.100.7', key: 'owner@example.com' };

describe('sign-in throttle', () => {
  it('gives an address ten free failures, then waits 1 s, 2 s, 4 s … after the latest', async () => {
    const spray = { address: attempt.address, key: (n: number) => `victim${n}@example.com` };
    await failures(9, 0, spray);
    expect(await throttledBy(db, LOGIN, attempt)).toBeUndefined();
    await failures(1, 0, spray);
    expect(await throttledBy(db, LOGIN, attempt)).toBe('address_throttled');

    for (const [count, waitSeconds] of [
      [10, 1],
      [11, 2],
      [12, 4],
      [14, 16],
    ] as const) {
      await db.deleteFrom('sign_in_failure').execute();
      await failures(count, waitSeconds - 0.5, spray);
      expect(await throttledBy(db, LOGIN, attempt), `${count} failures`).toBe('address_throttled');
      await db.deleteFrom('sign_in_failure').execute();
      await failures(count, waitSeconds + 0.5, spray);
      expect(await throttledBy(db, LOGIN, attempt), `${count} failures`).toBeUndefined();
    }
    // Never longer than the window: 30 failures wait 15 minutes, not 2^20 seconds.
    await db.deleteFrom('sign_in_failure').execute();
    await failures(30, 15 * 60 - 5, spray);
    expect(await throttledBy(db, LOGIN, attempt)).toBe('address_throttled');
  });

  it('locks an account for 15 minutes at the address that failed five times, not elsewhere', async () => {
    await failures(5, 60, { address: attempt.address, key: () => attempt.key });
    expect(await throttledBy(db, LOGIN, attempt)).toBe('address_locked');
    expect(await throttledBy(db, LOGIN, { ...attempt, address: '203.0.113.1' })).toBeUndefined();
    await db.deleteFrom('sign_in_failure').execute();
    await failures(5, 15 * 60 + 5, { address: attempt.address, key: () => attempt.key });
    expect(await throttledBy(db, LOGIN, attempt)).toBeUndefined();
  });

  it('slows guessing one account from many addresses, by at most a minute a try', async () => {
    const spread = { key: () => attempt.key };
    await failures(9, 0, spread);
    expect(await throttledBy(db, LOGIN, attempt)).toBeUndefined();
    await failures(1, 0, spread);
    expect(await throttledBy(db, LOGIN, attempt)).toBe('account_throttled');
    await db.deleteFrom('sign_in_failure').execute();
    await failures(20, 59, spread);
    expect(await throttledBy(db, LOGIN, attempt)).toBe('account_throttled');
    await db.deleteFrom('sign_in_failure').execute();
    await failures(20, 61, spread);
    expect(await throttledBy(db, LOGIN, attempt)).toBeUndefined();
  });
});
