import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesContracts, type FileRecipientOption, type Page } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { fileKeys } from '../query-keys.ts';

/** GET {portal}/files/recipients: users of an organization who may be sent its files. */
export function listFileRecipients(
  organizationNo: number,
  name: string,
  signal?: AbortSignal,
): Promise<Page<FileRecipientOption>> {
  return callApi(filesContracts.recipients, {
    query: { organizationNo, name: name || undefined, limit: 100 },
    signal,
  });
}

export function fileRecipientsQueryOptions(organizationNo: number, name: string) {
  return queryOptions({
    queryKey: fileKeys.recipients(organizationNo, name),
    queryFn: ({ signal }) => listFileRecipients(organizationNo, name, signal),
  });
}

export function useFileRecipients(organizationNo: number | undefined, name: string) {
  return useQuery({
    ...fileRecipientsQueryOptions(organizationNo ?? 0, name),
    enabled: organizationNo !== undefined,
    placeholderData: keepPreviousData,
  });
}
