import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Page, type UserListItem } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

export interface UserSearch {
  name?: string;
  username?: string;
  /** 'true' active, 'false' deactivated, absent all. */
  active?: 'true' | 'false';
  limit: number;
  offset: number;
  /** field:asc|desc over name, username, type, active */
  sort?: string;
}

/** GET {authorization}/users: one page of the users the caller may see. */
export function searchUsers(search: UserSearch, signal?: AbortSignal): Promise<Page<UserListItem>> {
  return apiRequest<Page<UserListItem>>('authorization', '/users', {
    query: { ...search },
    signal,
  });
}

export function searchUsersQueryOptions(search: UserSearch) {
  return queryOptions({
    queryKey: ['authorization', 'users', 'search', search] as const,
    queryFn: ({ signal }) => searchUsers(search, signal),
  });
}

export function useSearchUsers(search: UserSearch) {
  return useQuery({ ...searchUsersQueryOptions(search), placeholderData: keepPreviousData });
}
