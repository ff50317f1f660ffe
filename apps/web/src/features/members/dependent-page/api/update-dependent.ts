import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DependentDetail, type DependentUpdateInput } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
  dependentPath,
} from './dependent-keys.ts';

/** PUT .../dependents/{dependentId}: the Dependent Details form. */
export function updateDependent(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
  body: Partial<DependentUpdateInput>,
): Promise<DependentDetail> {
  return apiRequest<DependentDetail>('portal', dependentPath(orgId, employeeNo, dependentNo), {
    method: 'PUT',
    body,
  });
}

export function useUpdateDependent(orgId: number, employeeNo: number, dependentNo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<DependentUpdateInput>) =>
      updateDependent(orgId, employeeNo, dependentNo, body),
    meta: { title: DEPENDENT_TITLES.update, method: 'PUT' },
    onSuccess: (detail) => afterDependentWrite(client, orgId, detail),
    onError: (error) => afterDependentFailure(client, orgId, employeeNo, error),
  });
}
