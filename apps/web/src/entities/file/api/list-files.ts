import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesContracts, type FileSummary, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

export interface FileSearch {
  name?: string;
  organizationNo?: number;
  categoryId?: number;
  limit: number;
  offset: number;
  /** field:asc|desc over name, organizationName, category, createdByName, created, size */
  sort?: string;
}

/** GET {portal}/files: one page of the files the user may see, newest first by default. */
export function listFiles(search: FileSearch, signal?: AbortSignal): Promise<Page<FileSummary>> {
  return callApi(filesContracts.list, { query: { ...search }, signal });
}

/** The files page and the home page's recent files share these entries. */
export function listFilesQueryOptions(search: FileSearch) {
  return queryOptions({
    queryKey: fileKeys.list(search),
    queryFn: ({ signal }) => listFiles(search, signal),
  });
}

export function useListFiles(search: FileSearch, enabled = true) {
  return useQuery({
    ...listFilesQueryOptions(search),
    enabled,
    placeholderData: keepPreviousData,
  });
}
