import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dependentRecordContracts,
  type DependentDetail,
  type DependentUpdateInput,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
  dependentParams,
} from './dependent-writes.ts';

/** PUT .../dependents/{dependentId}: the Dependent Details form. */
export function updateDependent(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
  body: Partial<DependentUpdateInput>,
): Promise<DependentDetail> {
  return callApi(dependentRecordContracts.update, {
    params: dependentParams(orgId, employeeNo, dependentNo),
    // Fields left out stay unchanged; the form checked the body with the organization's own
    // schema, and the server checks it again with the organization's settings.
    body: body as DependentUpdateInput,
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
