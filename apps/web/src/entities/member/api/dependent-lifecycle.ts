import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dependentRecordContracts, type DependentDetail } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
  dependentParams,
} from './dependent-writes.ts';

/** PUT .../termination, DELETE .../termination and PATCH .../reinstatement of a dependent. */
export function useDependentLifecycle(orgId: number, employeeNo: number, dependentNo: number) {
  const client = useQueryClient();
  const params = dependentParams(orgId, employeeNo, dependentNo);
  const after = (detail: DependentDetail) => afterDependentWrite(client, orgId, detail);
  const failed = (error: Error) => afterDependentFailure(client, orgId, employeeNo, error);
  const terminate = useMutation({
    mutationFn: (terminationDate: string) =>
      callApi(dependentRecordContracts.terminate, { params, body: { terminationDate } }),
    meta: { title: DEPENDENT_TITLES.terminate, method: 'PUT' },
    onSuccess: after,
    onError: failed,
  });
  const removeTermination = useMutation({
    mutationFn: () => callApi(dependentRecordContracts.removeTermination, { params }),
    meta: { title: DEPENDENT_TITLES.removeTermination, method: 'DELETE' },
    onSuccess: after,
    onError: failed,
  });
  const reinstate = useMutation({
    mutationFn: (reinstateDate: string) =>
      callApi(dependentRecordContracts.reinstate, { params, body: { reinstateDate } }),
    meta: { title: DEPENDENT_TITLES.reinstate, method: 'PATCH' },
    onSuccess: after,
    onError: failed,
  });
  return { terminate, removeTermination, reinstate };
}
