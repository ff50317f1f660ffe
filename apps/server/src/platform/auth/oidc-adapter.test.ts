import { sql, type Kysely } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { DB } from '../db/schema.ts';
import { createOidcAdapter } from './oidc-adapter.ts';

let database: Database;
let db: Kysely<DB>;

beforeAll(async () => {
  const config = loadConfig({ PORT: '0' }, { database: { pgliteDir: 'memory://', poolSize: 1 } });
  database = await openDatabase(config.database);
  db = database.db;
  await migrateToLatest(db);
});

afterAll(async () => {
  await database?.close();
});

function payload(extra: Partial<AdapterPayload> = {}): AdapterPayload {
  return {
    jti: 'x',
    kind: 'AuthorizationCode',
    clientId: 'pillar-web',
    ...extra,
  };
}

async function rowCount(type: string): Promise<number> {
  const row = await db
    .selectFrom('oidc_payload')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('oidc_payload adapter', () => {
  it('stores, finds and replaces a payload by id within its model', async () => {
    const Adapter = createOidcAdapter(db);
    const codes = new Adapter('AuthorizationCode');
    const sessions = new Adapter('Session');
    await codes.upsert('a1', payload({ grantId: 'g1' }), 60);
    expect(await codes.find('a1')).toMatchObject({ clientId: 'pillar-web', grantId: 'g1' });
    expect(await sessions.find('a1')).toBeUndefined();

    await codes.upsert('a1', payload({ grantId: 'g2' }), 60);
    expect(await codes.find('a1')).toMatchObject({ grantId: 'g2' });
    expect(await rowCount('AuthorizationCode')).toBe(1);
  });

  it('does not return an expired payload', async () => {
    const adapter = new (createOidcAdapter(db))('Interaction');
    await adapter.upsert('i1', payload(), 60);
    await adapter.upsert('i2', payload(), 60);
    await db
      .updateTable('oidc_payload')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', 'i1')
      .execute();
    expect(await adapter.find('i1')).toBeUndefined();
    expect(await adapter.find('i2')).toBeDefined();
  });

  it('keeps a payload without expiry until it is destroyed', async () => {
    const adapter = new (createOidcAdapter(db))('Client');
    await adapter.upsert('c1', payload());
    expect(await adapter.find('c1')).toBeDefined();
    await adapter.destroy('c1');
    expect(await adapter.find('c1')).toBeUndefined();
  });

  it('marks a payload consumed', async () => {
    const adapter = new (createOidcAdapter(db))('AuthorizationCode');
    await adapter.upsert('code-consumed', payload(), 60);
    expect((await adapter.find('code-consumed'))?.consumed).toBeUndefined();
    await adapter.consume('code-consumed');
    const consumed = (await adapter.find('code-consumed'))?.consumed as number;
    expect(Math.abs(consumed - Date.now() / 1000)).toBeLessThan(5);
  });

  it('finds sessions by uid and device codes by user code', async () => {
    const Adapter = createOidcAdapter(db);
    const sessions = new Adapter('Session');
    const devices = new Adapter('DeviceCode');
    await sessions.upsert('s1', payload({ uid: 'uid-1', accountId: '7' }), 60);
    await devices.upsert('d1', payload({ userCode: 'ABCD-EFGH' }), 60);
    expect(await sessions.findByUid('uid-1')).toMatchObject({ accountId: '7' });
    expect(await sessions.findByUid('uid-2')).toBeUndefined();
    expect(await devices.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
  });

  it('revokes by grant id only the rows of its own model', async () => {
    const Adapter = createOidcAdapter(db);
    const tokens = new Adapter('AccessToken');
    const grants = new Adapter('RefreshToken');
    await tokens.upsert('t1', payload({ grantId: 'grant-r' }), 60);
    await tokens.upsert('t2', payload({ grantId: 'grant-other' }), 60);
    await grants.upsert('r1', payload({ grantId: 'grant-r' }), 60);
    await tokens.revokeByGrantId('grant-r');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeDefined();
    expect(await grants.find('r1')).toBeDefined();
  });

  it('sweeps expired rows on a write once the interval has passed', async () => {
    const adapter = new (createOidcAdapter(db, { cleanupIntervalMs: 0 }))('ReplayDetection');
    await adapter.upsert('old', payload(), 60);
    await db
      .updateTable('oidc_payload')
      .set({ expires_at: sql<Date>`now() - interval '1 hour'` })
      .where('type', '=', 'ReplayDetection')
      .execute();
    await adapter.upsert('new', payload(), 60);
    // The sweep runs after the write returns; wait for it to land.
    await expect.poll(() => rowCount('ReplayDetection')).toBe(1);
    expect(await adapter.find('new')).toBeDefined();
  });
});
