import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesContracts, type FileSettings } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

/** GET {portal}/files/settings: largest file, files per upload, accepted extensions. */
export function getFileSettings(signal?: AbortSignal): Promise<FileSettings> {
  return callApi(filesContracts.settings, { signal });
}

export function fileSettingsQueryOptions() {
  return queryOptions({
    queryKey: fileKeys.settings(),
    queryFn: ({ signal }) => getFileSettings(signal),
    staleTime: Infinity,
  });
}

export function useFileSettings() {
  return useQuery(fileSettingsQueryOptions());
}
