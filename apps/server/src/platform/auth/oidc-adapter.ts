import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DB } from '../db/schema.ts';
import {
  consumePayload,
  deleteExpiredPayloads,
  deletePayloads,
  findPayload,
  upsertPayload,
} from './oidc-adapter.repo.ts';
import { endSessions } from './sessions.ts';

/** How often at most an upsert also sweeps expired rows out of the table. */
const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

type AdapterClass = new (name: string) => Adapter;

export interface OidcAdapterOptions {
  /** Told when the background sweep fails; a failed sweep never fails a sign-in. */
  onCleanupError?: (error: unknown) => void;
  cleanupIntervalMs?: number;
}

/**
 * Stores every artefact of the provider (sessions, interactions, grants, codes) in `oidc_payload`,
 * so any API process behind a load balancer can continue a sign-in another one started.
 * `name` is the model (Session, AuthorizationCode, ...) and becomes the row's `type`.
 */
export function createOidcAdapter(db: Kysely<DB>, options: OidcAdapterOptions = {}): AdapterClass {
  const interval = options.cleanupIntervalMs ?? CLEANUP_INTERVAL_MS;
  let lastCleanup = 0;

  // Expired rows are unreadable already (find checks expires_at); the sweep only keeps the table
  // small. It runs lazily on writes, so there is no timer to stop when the server closes.
  function sweepExpiredRows(): void {
    const now = Date.now();
    if (now - lastCleanup < interval) return;
    lastCleanup = now;
    deleteExpiredPayloads(db).catch((error: unknown) => options.onCleanupError?.(error));
  }

  return class KyselyOidcAdapter implements Adapter {
    readonly type: string;

    constructor(name: string) {
      this.type = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      // The database clock sets expiry, the same clock `find` compares it with.
      await upsertPayload(db, this.type, id, {
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresInSeconds: expiresIn,
      });
      sweepExpiredRows();
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findBy('id', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await consumePayload(db, this.type, id);
    }

    async destroy(id: string): Promise<void> {
      // A grant is a sign-in session: whatever destroys it (logout, a replayed refresh token,
      // an ended session found on re-authorization) ends the session the API checks.
      if (this.type === 'Grant') await endSessions(db, [id]);
      await deletePayloads(db, this.type, { id });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deletePayloads(db, this.type, { grantId });
    }

    private async findBy(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await findPayload(db, this.type, column, value);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      // The provider detects a replayed authorization code by this field and revokes its grant.
      if (row.consumed_at)
        payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
      return payload;
    }
  };
}
