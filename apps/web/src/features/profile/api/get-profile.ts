import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserProfile } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {authorization}/userprofile: the signed-in user's name, email, phone and extension. */
export function getProfile(signal?: AbortSignal): Promise<UserProfile> {
  return apiRequest<UserProfile>('authorization', '/userprofile', { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['authorization', 'userprofile'] as const,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 0,
  });
}

export function useProfile(enabled: boolean) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
