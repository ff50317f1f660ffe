import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { userKeys } from '../query-keys.ts';

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
export function searchUsers(search: UserSearch, signal?: AbortSignal) {
  return callApi(usersContracts.search, { query: { ...search }, signal });
}

export function searchUsersQueryOptions(search: UserSearch) {
  return queryOptions({
    queryKey: userKeys.search(search),
    queryFn: ({ signal }) => searchUsers(search, signal),
  });
}

export function useSearchUsers(search: UserSearch) {
  return useQuery({ ...searchUsersQueryOptions(search), placeholderData: keepPreviousData });
}
