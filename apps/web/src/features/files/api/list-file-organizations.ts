import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FileOrganizationOption, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/files/organizations: organizations in the user's scope, by name. */
export function listFileOrganizations(
  name: string,
  signal?: AbortSignal,
): Promise<Page<FileOrganizationOption>> {
  return apiRequest<Page<FileOrganizationOption>>('portal', '/files/organizations', {
    query: { name: name || undefined, limit: 50 },
    signal,
  });
}

export function fileOrganizationsQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['portal', 'files', 'organizations', name] as const,
    queryFn: ({ signal }) => listFileOrganizations(name, signal),
  });
}

export function useFileOrganizations(name: string) {
  return useQuery({ ...fileOrganizationsQueryOptions(name), placeholderData: keepPreviousData });
}
