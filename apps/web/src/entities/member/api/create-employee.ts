import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_RECORD_TITLES,
  memberRecordContracts,
  type EmployeeCreateInput,
  type EmployeeDetail,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';

/** POST {portal}/organizations/{orgId}/employees: a new member (spec 1 §5). */
export function createEmployee(orgId: number, body: EmployeeCreateInput): Promise<EmployeeDetail> {
  return callApi(memberRecordContracts.create, { params: { orgId }, body });
}

export function useCreateEmployee(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeCreateInput) => createEmployee(orgId, body),
    meta: { title: MEMBER_RECORD_TITLES.createEmployee, method: 'POST', notifySuccess: true },
    onSuccess: () =>
      Promise.all([
        // The organization's Members tab and the cross-organization search list members.
        queryClient.invalidateQueries({ queryKey: memberKeys.searches() }),
        queryClient.invalidateQueries({ queryKey: memberKeys.count() }),
      ]),
  });
}
