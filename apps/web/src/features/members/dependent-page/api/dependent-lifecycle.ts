import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DependentDetail } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';
import {
  DEPENDENT_TITLES,
  afterDependentFailure,
  afterDependentWrite,
  dependentPath,
} from './dependent-keys.ts';

/** PUT .../termination, DELETE .../termination and PATCH .../reinstatement of a dependent. */
export function useDependentLifecycle(orgId: number, employeeNo: number, dependentNo: number) {
  const client = useQueryClient();
  const path = dependentPath(orgId, employeeNo, dependentNo);
  const after = (detail: DependentDetail) => afterDependentWrite(client, orgId, detail);
  const failed = (error: Error) => afterDependentFailure(client, orgId, employeeNo, error);
  const terminate = useMutation({
    mutationFn: (terminationDate: string) =>
      apiRequest<DependentDetail>('portal', `${path}/termination`, {
        method: 'PUT',
        body: { terminationDate },
      }),
    meta: { title: DEPENDENT_TITLES.terminate, method: 'PUT' },
    onSuccess: after,
    onError: failed,
  });
  const removeTermination = useMutation({
    mutationFn: () =>
      apiRequest<DependentDetail>('portal', `${path}/termination`, { method: 'DELETE' }),
    meta: { title: DEPENDENT_TITLES.removeTermination, method: 'DELETE' },
    onSuccess: after,
    onError: failed,
  });
  const reinstate = useMutation({
    mutationFn: (reinstateDate: string) =>
      apiRequest<DependentDetail>('portal', `${path}/reinstatement`, {
        method: 'PATCH',
        body: { reinstateDate },
      }),
    meta: { title: DEPENDENT_TITLES.reinstate, method: 'PATCH' },
    onSuccess: after,
    onError: failed,
  });
  return { terminate, removeTermination, reinstate };
}
