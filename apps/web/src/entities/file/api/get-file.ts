import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesContracts, type FileDetail } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

/** GET {portal}/files/{id}; 404 when unknown or not the user's to see. */
export function getFile(id: string, signal?: AbortSignal): Promise<FileDetail> {
  return callApi(filesContracts.get, { params: { id }, signal });
}

export function fileQueryOptions(id: string) {
  return queryOptions({
    queryKey: fileKeys.detail(id),
    queryFn: ({ signal }) => getFile(id, signal),
  });
}

export function useFile(id: string, enabled = true) {
  return useQuery({ ...fileQueryOptions(id), enabled });
}
