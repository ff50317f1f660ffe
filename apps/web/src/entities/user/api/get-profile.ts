import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

/** GET {authorization}/userprofile: the signed-in user's name, email, phone and extension. */
export function getProfile(signal?: AbortSignal) {
  return callApi(profileContracts.get, { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: userKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 0,
  });
}

export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
