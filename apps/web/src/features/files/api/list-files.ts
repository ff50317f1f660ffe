import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FileSummary, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

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
  return apiRequest<Page<FileSummary>>('portal', '/files', { query: { ...search }, signal });
}

export function listFilesQueryOptions(search: FileSearch) {
  return queryOptions({
    queryKey: ['portal', 'files', 'list', search] as const,
    queryFn: ({ signal }) => listFiles(search, signal),
  });
}

export function useListFiles(search: FileSearch) {
  return useQuery({ ...listFilesQueryOptions(search), placeholderData: keepPreviousData });
}
