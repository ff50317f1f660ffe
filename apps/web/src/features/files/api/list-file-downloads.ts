import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type FileDownloadReceipt, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

export interface DownloadSearch {
  limit: number;
  offset: number;
}

/** GET {portal}/files/{id}/downloads: who downloaded the file and when (its uploader only). */
export function listFileDownloads(
  id: string,
  search: DownloadSearch,
  signal?: AbortSignal,
): Promise<Page<FileDownloadReceipt>> {
  return apiRequest<Page<FileDownloadReceipt>>(
    'portal',
    `/files/${encodeURIComponent(id)}/downloads`,
    { query: { ...search }, signal },
  );
}

export function fileDownloadsQueryOptions(id: string, search: DownloadSearch) {
  return queryOptions({
    queryKey: ['portal', 'files', 'downloads', id, search] as const,
    queryFn: ({ signal }) => listFileDownloads(id, search, signal),
  });
}

export function useFileDownloads(id: string, search: DownloadSearch, enabled: boolean) {
  return useQuery({
    ...fileDownloadsQueryOptions(id, search),
    enabled,
    placeholderData: keepPreviousData,
  });
}
