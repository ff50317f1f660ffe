import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_RECORD_TITLES,
  memberRecordContracts,
  type EmployeeDetail,
  type EmployeeUpdateInput,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/** PUT {portal}/organizations/{orgId}/employees/{employeeId}: the Member Details form. */
export function updateEmployee(
  orgId: number,
  employeeNo: number,
  body: EmployeeUpdateInput,
): Promise<EmployeeDetail> {
  return callApi(memberRecordContracts.update, {
    params: { orgId, employeeId: employeeNo },
    body,
  });
}

export function useUpdateEmployee(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeUpdateInput) => updateEmployee(orgId, employeeNo, body),
    meta: { title: MEMBER_RECORD_TITLES.updateEmployee, method: 'PUT' },
    onSuccess: () => invalidateEmployee(queryClient, orgId, employeeNo),
    onError: (error) =>
      reloadIfStale(error, () => invalidateEmployee(queryClient, orgId, employeeNo)),
  });
}
