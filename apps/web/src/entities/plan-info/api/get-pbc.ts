import { queryOptions, useQuery } from '@tanstack/react-query';
import { plansContracts } from '@pillar/domain';
import type { DownloadedFile } from '../../../shared/api/api-client.ts';
import { callDownload } from '../../../shared/api/call-api.ts';
import { planInfoKeys } from '../query-keys.ts';

/** Whose PBC: a member (and a dependent of theirs) or an organization. */
export type PbcTarget = { employeeNo: number; dependentNo?: number } | { orgId: number };

/** GET {plans}/pbc?employeeNo&dependentNo or ?orgId: the PDF and its file name. */
export function getPbc(target: PbcTarget, signal?: AbortSignal): Promise<DownloadedFile> {
  return callDownload(plansContracts.pbc, { query: target, signal });
}

export function pbcQueryOptions(target: PbcTarget | null) {
  return queryOptions({
    queryKey: planInfoKeys.pbc(target ?? { orgId: 0 }),
    queryFn: ({ signal }) => getPbc(target!, signal),
    enabled: target !== null,
    // The document does not change during a call; a blob is not worth fetching twice.
    staleTime: Infinity,
  });
}

export function usePbc(target: PbcTarget | null) {
  return useQuery(pbcQueryOptions(target));
}
