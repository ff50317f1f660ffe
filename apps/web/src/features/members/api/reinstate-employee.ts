import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_RECORD_TITLES, type ReinstatementBody } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { employeePathOf } from './get-employee.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/** PATCH {portal}/organizations/{orgId}/employees/{employeeId}/reinstatement (spec 1 §4). */
export function reinstateEmployee(orgId: number, employeeNo: number, body: ReinstatementBody) {
  return apiRequest<unknown>('portal', `${employeePathOf(orgId, employeeNo)}/reinstatement`, {
    method: 'PATCH',
    body,
  });
}

export function useReinstateEmployee(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReinstatementBody) => reinstateEmployee(orgId, employeeNo, body),
    meta: { title: MEMBER_RECORD_TITLES.reinstateEmployee, method: 'PATCH' },
    onSuccess: () => invalidateEmployee(queryClient, orgId, employeeNo),
    onError: (error) =>
      reloadIfStale(error, () => invalidateEmployee(queryClient, orgId, employeeNo)),
  });
}
