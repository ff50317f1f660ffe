import { queryOptions, useQuery } from '@tanstack/react-query';
import { authorizationContracts, type UserClaims } from '@pillar/domain';
import { callApi } from '../api/call-api.ts';

/** GET {authorization}/claims: who the signed-in user is and what they may do. */
export function fetchClaims(signal?: AbortSignal): Promise<UserClaims> {
  return callApi(authorizationContracts.claims, { signal });
}

export function claimsQueryOptions() {
  return queryOptions({
    queryKey: ['authorization', 'claims'] as const,
    queryFn: ({ signal }) => fetchClaims(signal),
    // Claims change only when an administrator edits the user; a fresh sign-in reloads them.
    staleTime: Infinity,
  });
}

export function useClaimsQuery(enabled = true) {
  return useQuery({ ...claimsQueryOptions(), enabled });
}
