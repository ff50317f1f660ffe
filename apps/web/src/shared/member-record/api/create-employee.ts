import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_RECORD_TITLES,
  type EmployeeCreateInput,
  type EmployeeDetail,
} from '@pillar/domain';
import { apiRequest } from '../../api/api-client.ts';

/** POST {portal}/organizations/{orgId}/employees: a new member (spec 1 §5). */
export function createEmployee(orgId: number, body: EmployeeCreateInput): Promise<EmployeeDetail> {
  return apiRequest<EmployeeDetail>('portal', `/organizations/${orgId}/employees`, {
    method: 'POST',
    body,
  });
}

export function useCreateEmployee(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeCreateInput) => createEmployee(orgId, body),
    meta: { title: MEMBER_RECORD_TITLES.createEmployee, method: 'POST', notifySuccess: true },
    onSuccess: () =>
      Promise.all([
        // The organization's Members tab and the cross-organization search list members.
        queryClient.invalidateQueries({ queryKey: ['portal', `/organizations/${orgId}`] }),
        queryClient.invalidateQueries({ queryKey: ['portal', ''] }),
        queryClient.invalidateQueries({ queryKey: ['portal', 'employees', 'count'] }),
      ]),
  });
}
