import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/*
 * The SQL of the OIDC provider's storage (`oidc_payload`, one row per artefact, keyed by its
 * model `type` and `id`); oidc-adapter.ts maps the provider's Adapter calls onto it.
 */

export interface PayloadRow {
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** Set by the database clock, the same clock `findPayload` compares it with. */
  expiresInSeconds: number | undefined;
}

export async function upsertPayload(
  db: Kysely<DB>,
  type: string,
  id: string,
  { expiresInSeconds, ...rest }: PayloadRow,
): Promise<void> {
  const expiresAt: RawBuilder<Date> | null = expiresInSeconds
    ? sql<Date>`now() + make_interval(secs => ${expiresInSeconds})`
    : null;
  const row = { ...rest, expires_at: expiresAt };
  await db
    .insertInto('oidc_payload')
    .values({ id, type, ...row })
    .onConflict((oc) => oc.columns(['type', 'id']).doUpdateSet(row))
    .execute();
}

/** The unexpired payload of a type found by its id, uid or user code. */
export async function findPayload(
  db: Kysely<DB>,
  type: string,
  column: 'id' | 'uid' | 'user_code',
  value: string,
) {
  return db
    .selectFrom('oidc_payload')
    .select(['payload', 'consumed_at'])
    .where('type', '=', type)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

export async function consumePayload(db: Kysely<DB>, type: string, id: string): Promise<void> {
  await db
    .updateTable('oidc_payload')
    .set({ consumed_at: sql<Date>`now()` })
    .where('type', '=', type)
    .where('id', '=', id)
    .execute();
}

/** Deletes a type's payload by its id, or every one of a grant. */
export async function deletePayloads(
  db: Kysely<DB>,
  type: string,
  by: { id: string } | { grantId: string },
): Promise<void> {
  const query = db.deleteFrom('oidc_payload').where('type', '=', type);
  await (
    'id' in by ? query.where('id', '=', by.id) : query.where('grant_id', '=', by.grantId)
  ).execute();
}

/** Rows past their expiry (unreadable already; the sweep only keeps the table small). */
export async function deleteExpiredPayloads(db: Kysely<DB>): Promise<void> {
  await db
    .deleteFrom('oidc_payload')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
}
