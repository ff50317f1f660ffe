import { sql, type Kysely } from 'kysely';
import { FEATURE_FLAG_TITLES, type FeatureFlag, type FeatureFlagTitle } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';

/**
 * The signed-in user's feature flags (spec 2 §3), all off until turned on. The browser keeps
 * them under a per-user key as the spec says; the server keeps them too, so they follow the user
 * to another browser.
 */
export async function listFeatureFlags(db: Kysely<DB>, caller: Principal): Promise<FeatureFlag[]> {
  const rows = await db
    .selectFrom('user_feature_flag')
    .select(['title', 'value'])
    .where('user_no', '=', caller.userNo)
    .execute();
  const stored = new Map(rows.map((r) => [r.title, r.value]));
  return FEATURE_FLAG_TITLES.map((title) => ({ title, value: stored.get(title) ?? false }));
}

export async function setFeatureFlag(
  db: Kysely<DB>,
  caller: Principal,
  title: FeatureFlagTitle,
  value: boolean,
): Promise<FeatureFlag[]> {
  await db
    .insertInto('user_feature_flag')
    .values({
      user_no: caller.userNo,
      title,
      value,
      created_by: caller.userNo,
      updated_by: caller.userNo,
    })
    .onConflict((oc) =>
      oc.columns(['user_no', 'title']).doUpdateSet({
        value,
        updated_at: sql<Date>`now()`,
        updated_by: caller.userNo,
      }),
    )
    .execute();
  return listFeatureFlags(db, caller);
}
