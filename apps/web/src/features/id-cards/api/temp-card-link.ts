import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type TempCardLinkState, type TempCardVerifyRequest } from '@pillar/domain';
import { apiDownload, apiRequest, saveFile } from '../../../shared/api/api-client.ts';

/** GET {portal}/temp-id-cards/{token}: public, the link's state only. */
export function getTempCardLink(token: string, signal?: AbortSignal) {
  return apiRequest<TempCardLinkState>('portal', `/temp-id-cards/${encodeURIComponent(token)}`, {
    signal,
  });
}

export function tempCardLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['portal', 'temp-id-cards', token] as const,
    queryFn: ({ signal }) => getTempCardLink(token, signal),
    retry: false,
  });
}

export function useTempCardLink(token: string) {
  return useQuery(tempCardLinkQueryOptions(token));
}

/** POST {portal}/temp-id-cards/{token}/verify: the card as a PDF when the answers match. */
export async function verifyTempCardLink({
  token,
  ...answers
}: TempCardVerifyRequest & { token: string }) {
  const file = await apiDownload('portal', `/temp-id-cards/${encodeURIComponent(token)}/verify`, {
    method: 'POST',
    body: answers,
  });
  saveFile(file);
}

export function useVerifyTempCardLink() {
  // The page shows refusals beside the form, so no notification.
  return useMutation({ mutationFn: verifyTempCardLink, meta: { notifyError: false } });
}
