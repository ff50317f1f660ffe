import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FileSettings } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

/** GET {portal}/files/settings: largest file, files per upload, accepted extensions. */
export function getFileSettings(signal?: AbortSignal): Promise<FileSettings> {
  return apiRequest<FileSettings>('portal', '/files/settings', { signal });
}

export function fileSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['portal', 'files', 'settings'] as const,
    queryFn: ({ signal }) => getFileSettings(signal),
    staleTime: Infinity,
  });
}

export function useFileSettings() {
  return useQuery(fileSettingsQueryOptions());
}
