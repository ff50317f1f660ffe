import { queryOptions, useQuery } from '@tanstack/react-query';
import { aorContracts, canLookUpAor, type AorQuery, type AorRecord } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { planInfoKeys } from '../query-keys.ts';

/** GET {commManager}/aorSignature?memberID&orgID&employeeNo&dependentNo */
export function listAors(query: AorQuery, signal?: AbortSignal): Promise<AorRecord[]> {
  return callApi(aorContracts.aorSignature, { query, signal });
}

/** What the page knows of the member; the lookup waits until the three identifiers are there. */
export interface AorLookup {
  memberID: string | null | undefined;
  orgID: number | null | undefined;
  employeeNo: number | null | undefined;
  dependentNo?: number | null;
}

function queryOf(lookup: AorLookup): AorQuery | null {
  if (!canLookUpAor(lookup)) return null;
  return {
    memberID: lookup.memberID!.trim(),
    orgID: lookup.orgID!,
    employeeNo: lookup.employeeNo!,
    ...(lookup.dependentNo ? { dependentNo: lookup.dependentNo } : {}),
  };
}

/** Spec 2 §5: the AOR lookup is skipped unless memberID, orgID and employeeNo are all present. */
export function aorsQueryOptions(lookup: AorLookup) {
  const query = queryOf(lookup);
  return queryOptions({
    queryKey: planInfoKeys.aors(query ?? { memberID: '', orgID: 0, employeeNo: 0 }),
    queryFn: ({ signal }) => listAors(query!, signal),
    enabled: query !== null,
  });
}

export function useAors(lookup: AorLookup) {
  return useQuery(aorsQueryOptions(lookup));
}
