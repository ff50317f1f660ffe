import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesContracts, type FileDownloadReceipt, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

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
  return callApi(filesContracts.downloads, { params: { id }, query: { ...search }, signal });
}

export function fileDownloadsQueryOptions(id: string, search: DownloadSearch) {
  return queryOptions({
    queryKey: fileKeys.downloads(id, search),
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
