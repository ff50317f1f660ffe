import { queryOptions } from '@tanstack/react-query';
import { featureFlagsContracts, type FeatureFlag, type FeatureFlagTitle } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { featureFlagKeys } from '../query-keys.ts';

/** GET {authorization}/feature-flags: the signed-in user's flags as the server keeps them. */
export async function fetchFeatureFlags(signal?: AbortSignal): Promise<FeatureFlag[]> {
  const body = await callApi(featureFlagsContracts.list, { signal });
  return body.data;
}

/** PATCH {authorization}/feature-flags: one flag on or off; answers all of them. */
export async function patchFeatureFlag(title: FeatureFlagTitle, value: boolean) {
  const body = await callApi(featureFlagsContracts.set, { body: { title, value } });
  return body.data;
}

export function featureFlagsQueryOptions() {
  return queryOptions({
    queryKey: featureFlagKeys.list(),
    queryFn: ({ signal }) => fetchFeatureFlags(signal),
    // Flags change only through this browser or another one, which a new sign-in picks up.
    staleTime: Infinity,
  });
}
