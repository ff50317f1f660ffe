import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansContracts, type GroupInformation } from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { callApi } from '../../../shared/api/call-api.ts';
import { planInfoKeys } from '../query-keys.ts';

/** GET {plans}/groupinfo/{orgId} */
export function getGroupInfo(orgId: number, signal?: AbortSignal): Promise<GroupInformation> {
  return callApi(plansContracts.groupInfo, { params: { orgId }, signal });
}

/**
 * Spec 2 §7: the group info lookup retries 3 times when an organization is present (none is
 * asked without one). A refusal (400, 403, 404) is not retried: asking again cannot change it.
 */
export function groupInfoRetry(failures: number, error: Error): boolean {
  return !hasStatus(error, 400, 403, 404) && failures < 3;
}

export function groupInfoQueryOptions(orgId: number | null | undefined) {
  return queryOptions({
    queryKey: planInfoKeys.groupInfo(orgId ?? 0),
    queryFn: ({ signal }) => getGroupInfo(orgId!, signal),
    enabled: Boolean(orgId),
    retry: groupInfoRetry,
  });
}

export function useGroupInfo(orgId: number | null | undefined) {
  return useQuery(groupInfoQueryOptions(orgId));
}
