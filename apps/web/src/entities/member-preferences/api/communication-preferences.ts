import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  membersHubContracts,
  type CommunicationDetails,
  type UpdateCommsPrefBody,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberPreferenceKeys } from '../query-keys.ts';

/** Which member's preferences: the member's own (no dependentNo) or a dependent's. */
export interface PreferenceTarget {
  orgId: number;
  employeeNo: number;
  dependentNo?: number | null;
}

/** POST {membersHub}/member/GetCommunicationPref: the details, or null when none are on file. */
export function getCommunicationPref(
  { orgId, employeeNo, dependentNo }: PreferenceTarget,
  signal?: AbortSignal,
): Promise<CommunicationDetails | null> {
  return callApi(membersHubContracts.getCommunicationPref, {
    body: {
      organizationNo: orgId,
      employeeNo,
      ...(dependentNo ? { dependentNo } : {}),
    },
    signal,
  });
}

export function communicationPrefQueryOptions(target: PreferenceTarget) {
  return queryOptions({
    queryKey: memberPreferenceKeys.communication(
      target.orgId,
      target.employeeNo,
      target.dependentNo,
    ),
    queryFn: ({ signal }) => getCommunicationPref(target, signal),
  });
}

/** The lookup is skipped until the member is known (spec 2 §5 "Other agent rules"). */
export function useCommunicationPref(target: PreferenceTarget) {
  return useQuery({
    ...communicationPrefQueryOptions(target),
    enabled: target.orgId > 0 && target.employeeNo > 0,
  });
}

/** POST {membersHub}/member/UpdateCommsPref (eventName UpdateCommsPref, the phone without dashes). */
export function updateCommsPref(body: UpdateCommsPrefBody): Promise<CommunicationDetails> {
  return callApi(membersHubContracts.updateCommsPref, { body });
}

/**
 * The drawer shows the success text and marks refused fields itself; any other failure gets the
 * general notice, titled like the drawer.
 */
export function useUpdateCommsPref() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCommsPref,
    meta: { title: 'Communication Preferences', method: 'POST', notifySuccess: false },
    onSuccess: (_saved, body) =>
      client.invalidateQueries({
        queryKey: memberPreferenceKeys.member(
          body.organizationNo,
          body.employeeNo,
          body.dependentNo,
        ),
      }),
  });
}
