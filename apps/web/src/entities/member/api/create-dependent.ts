import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dependentRecordContracts,
  type DependentCreateInput,
  type DependentDetail,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
} from './dependent-writes.ts';

/** POST .../employees/{employeeId}/dependents. */
export function createDependent(
  orgId: number,
  employeeNo: number,
  body: Partial<DependentCreateInput>,
): Promise<DependentDetail> {
  return callApi(dependentRecordContracts.create, {
    params: { orgId, employeeId: employeeNo },
    // The drawer checked it with the organization's own schema and left out the empty fields
    // (spec 1 §4); the contract's schema is the default organization's, and the server checks
    // it again with the organization's settings.
    body: body as DependentCreateInput,
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
