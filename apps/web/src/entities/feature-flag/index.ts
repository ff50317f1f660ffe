/**
 * The signed-in user's feature flags (spec 2 §6): the API calls, the browser's copy under a
 * per-user key, and the hook that keeps both. Features import only this file.
 */
export type { FeatureFlagTitle } from '@pillar/domain';
export { featureFlagKeys } from './query-keys.ts';
export { FEATURE_FLAGS } from './flags.ts';
export { featureFlagStorageKey, readFeatureFlags, writeFeatureFlag } from './browser-store.ts';
export {
  featureFlagsQueryOptions,
  fetchFeatureFlags,
  patchFeatureFlag,
} from './api/feature-flags.ts';
export { useFeatureFlag } from './api/use-feature-flag.ts';
