import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersHubContracts, type ConfidentialityDetails } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberPreferenceKeys } from '../query-keys.ts';

/** The four identifiers the confidentiality lookup needs (spec 2 §5). */
export interface ConfidentialityTarget {
  orgId: number;
  employeeNo: number;
  dependentNo?: number | null;
  birthDate?: string | null;
}

/** True when every identifier is present; otherwise the lookup is not made. */
export function confidentialityLookupReady(
  target: ConfidentialityTarget,
): target is ConfidentialityTarget & { dependentNo: number; birthDate: string } {
  return Boolean(target.orgId && target.employeeNo && target.dependentNo && target.birthDate);
}

/** GET {membersHub}/member/confidentiality?organizationNo&employeeNo&dependentNo&birthDate */
export function getConfidentiality(
  target: ConfidentialityTarget & { dependentNo: number; birthDate: string },
  signal?: AbortSignal,
): Promise<ConfidentialityDetails> {
  return callApi(membersHubContracts.getConfidentiality, {
    query: {
      organizationNo: String(target.orgId),
      employeeNo: String(target.employeeNo),
      dependentNo: String(target.dependentNo),
      birthDate: target.birthDate,
    },
    signal,
  });
}

export function confidentialityQueryOptions(
  target: ConfidentialityTarget & { dependentNo: number; birthDate: string },
) {
  return queryOptions({
    queryKey: memberPreferenceKeys.confidentiality(
      target.orgId,
      target.employeeNo,
      target.dependentNo,
      target.birthDate,
    ),
    queryFn: ({ signal }) => getConfidentiality(target, signal),
  });
}

/**
 * A dependent's confidentiality; idle (no request) for a member or while an identifier is
 * missing. The member detail's HIPAA banner reads `data?.isConfidential` from it.
 */
export function useConfidentiality(target: ConfidentialityTarget) {
  const ready = confidentialityLookupReady(target);
  return useQuery({
    ...confidentialityQueryOptions(ready ? target : { ...target, dependentNo: 0, birthDate: '' }),
    enabled: ready,
  });
}
