import type { Kysely } from 'kysely';
import { FEATURE_FLAG_TITLES, type FeatureFlag, type FeatureFlagTitle } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import type { DB } from '../../database.ts';
import { featureFlagsOf, upsertFeatureFlag } from './users.repo.ts';
import { signedInUser } from './users.access.ts';

/**
 * The signed-in user's feature flags (spec 2 §3), all off until turned on. The browser keeps
 * them under a per-user key as the spec says; the server keeps them too, so they follow the user
 * to another browser.
 */
export async function listFeatureFlags(db: Kysely<DB>, caller: Principal): Promise<FeatureFlag[]> {
  const stored = await featureFlagsOf(db, signedInUser(caller));
  return FEATURE_FLAG_TITLES.map((title) => ({ title, value: stored.get(title) ?? false }));
}

export async function setFeatureFlag(
  db: Kysely<DB>,
  caller: Principal,
  title: FeatureFlagTitle,
  value: boolean,
): Promise<FeatureFlag[]> {
  await upsertFeatureFlag(db, signedInUser(caller), title, value);
  return listFeatureFlags(db, caller);
}
