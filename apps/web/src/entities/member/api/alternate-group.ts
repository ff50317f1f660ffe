import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dependentRecordContracts, type DependentAlternateGroupBody } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
  dependentParams,
} from './dependent-writes.ts';

/** GET .../dependents/{dependentId}/alternate-group-options. */
export function alternateGroupOptionsQuery(orgId: number, employeeNo: number, dependentNo: number) {
  return queryOptions({
    queryKey: memberKeys.alternateGroupOptions(orgId, employeeNo, dependentNo),
    queryFn: ({ signal }) =>
      callApi(dependentRecordContracts.alternateGroupOptions, {
        params: dependentParams(orgId, employeeNo, dependentNo),
        signal,
      }),
  });
}

export function useAlternateGroupOptions(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
  enabled: boolean,
) {
  return useQuery({ ...alternateGroupOptionsQuery(orgId, employeeNo, dependentNo), enabled });
}

/** PATCH .../dependents/{dependentId}/alternate-group {benefitGroupID, changeDate}. */
export function useChangeAlternateGroup(orgId: number, employeeNo: number, dependentNo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DependentAlternateGroupBody) =>
      callApi(dependentRecordContracts.changeAlternateGroup, {
        params: dependentParams(orgId, employeeNo, dependentNo),
        body,
      }),
    meta: { title: DEPENDENT_TITLES.changeGroup, method: 'PATCH' },
    onSuccess: (detail) => afterDependentWrite(client, orgId, detail),
    onError: (error) => afterDependentFailure(client, orgId, employeeNo, error),
  });
}
