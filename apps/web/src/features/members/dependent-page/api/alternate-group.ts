import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AlternateGroupOptions,
  type DependentAlternateGroupBody,
  type DependentDetail,
} from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
  dependentKey,
  dependentPath,
} from './dependent-keys.ts';

/** GET .../dependents/{dependentId}/alternate-group-options. */
export function alternateGroupOptionsQuery(orgId: number, employeeNo: number, dependentNo: number) {
  return queryOptions({
    queryKey: [...dependentKey(orgId, employeeNo, dependentNo), 'alternate-group-options'] as const,
    queryFn: ({ signal }) =>
      apiRequest<AlternateGroupOptions>(
        'portal',
        `${dependentPath(orgId, employeeNo, dependentNo)}/alternate-group-options`,
        { signal },
      ),
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
      apiRequest<DependentDetail>(
        'portal',
        `${dependentPath(orgId, employeeNo, dependentNo)}/alternate-group`,
        { method: 'PATCH', body },
      ),
    meta: { title: DEPENDENT_TITLES.changeGroup, method: 'PATCH' },
    onSuccess: (detail) => afterDependentWrite(client, orgId, detail),
    onError: (error) => afterDependentFailure(client, orgId, employeeNo, error),
  });
}
