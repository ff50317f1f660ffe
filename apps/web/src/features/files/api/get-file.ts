import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FileDetail } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/files/{id}; 404 when unknown or not the user's to see. */
export function getFile(id: string, signal?: AbortSignal): Promise<FileDetail> {
  return apiRequest<FileDetail>('portal', `/files/${encodeURIComponent(id)}`, { signal });
}

export function fileQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['portal', 'files', 'detail', id] as const,
    queryFn: ({ signal }) => getFile(id, signal),
  });
}

export function useFile(id: string, enabled = true) {
  return useQuery({ ...fileQueryOptions(id), enabled });
}
