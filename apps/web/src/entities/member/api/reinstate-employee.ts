import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_RECORD_TITLES,
  memberRecordContracts,
  type ReinstatementBody,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/** PATCH {portal}/organizations/{orgId}/employees/{employeeId}/reinstatement (spec 1 §4). */
export function reinstateEmployee(orgId: number, employeeNo: number, body: ReinstatementBody) {
  return callApi(memberRecordContracts.reinstate, {
    params: { orgId, employeeId: employeeNo },
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
