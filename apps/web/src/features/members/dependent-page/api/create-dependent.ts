import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DependentCreateInput, type DependentDetail } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
  dependentsPath,
} from './dependent-keys.ts';

/** POST .../employees/{employeeId}/dependents. */
export function createDependent(
  orgId: number,
  employeeNo: number,
  body: Partial<DependentCreateInput>,
): Promise<DependentDetail> {
  return apiRequest<DependentDetail>('portal', dependentsPath(orgId, employeeNo), {
    method: 'POST',
    body,
  });
}

export function useCreateDependent(orgId: number, employeeNo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<DependentCreateInput>) => createDependent(orgId, employeeNo, body),
    meta: { title: DEPENDENT_TITLES.create, method: 'POST', notifySuccess: true },
    onSuccess: (detail) => afterDependentWrite(client, orgId, detail),
    onError: (error) => afterDependentFailure(client, orgId, employeeNo, error),
  });
}
