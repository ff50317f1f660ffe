import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  coveragesContracts,
  type TempCardLinkState,
  type TempCardVerifyRequest,
} from '@pillar/domain';
import { saveFile } from '../../../shared/api/api-client.ts';
import { callApi, callDownload } from '../../../shared/api/call-api.ts';
import { coverageKeys } from '../query-keys.ts';

/** GET {portal}/temp-id-cards/{token}: public, the link's state only. */
export function getTempCardLink(token: string, signal?: AbortSignal): Promise<TempCardLinkState> {
  return callApi(coveragesContracts.tempCardLinkState, { params: { token }, signal });
}

export function tempCardLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: coverageKeys.link(token),
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
  const file = await callDownload(coveragesContracts.verifyTempCardLink, {
    params: { token },
    body: answers,
  });
  saveFile(file);
}

export function useVerifyTempCardLink() {
  // The page shows refusals beside the form, so no notification.
  return useMutation({ mutationFn: verifyTempCardLink, meta: { notifyError: false } });
}
