import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesContracts, type FileOrganizationOption, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

/** GET {portal}/files/organizations: organizations in the user's scope, by name. */
export function listFileOrganizations(
  name: string,
  signal?: AbortSignal,
): Promise<Page<FileOrganizationOption>> {
  return callApi(filesContracts.organizations, {
    query: { name: name || undefined, limit: 50 },
    signal,
  });
}

export function fileOrganizationsQueryOptions(name: string) {
  return queryOptions({
    queryKey: fileKeys.organizations(name),
    queryFn: ({ signal }) => listFileOrganizations(name, signal),
  });
}

export function useFileOrganizations(name: string) {
  return useQuery({ ...fileOrganizationsQueryOptions(name), placeholderData: keepPreviousData });
}
