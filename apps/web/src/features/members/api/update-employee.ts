import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import {
  MEMBER_RECORD_TITLES,
  type EmployeeDetail,
  type EmployeeUpdateInput,
} from '@pillar/domain';
import { employeePathOf } from './get-employee.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/** PUT {portal}/organizations/{orgId}/employees/{employeeId}: the Member Details form. */
export function updateEmployee(
  orgId: number,
  employeeNo: number,
  body: EmployeeUpdateInput,
): Promise<EmployeeDetail> {
  return apiRequest<EmployeeDetail>('portal', employeePathOf(orgId, employeeNo), {
    method: 'PUT',
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
