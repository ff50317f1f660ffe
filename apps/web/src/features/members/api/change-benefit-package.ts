import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_RECORD_TITLES, type BenefitPackageChangeBody } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { employeePathOf } from './get-employee.ts';
import { invalidateEmployee } from './invalidate-employee.ts';

/** PATCH {portal}/.../employees/{employeeId}/benefit-package (spec 1 §4). */
export function changeBenefitPackage(
  orgId: number,
  employeeNo: number,
  body: BenefitPackageChangeBody,
) {
  return apiRequest<unknown>('portal', `${employeePathOf(orgId, employeeNo)}/benefit-package`, {
    method: 'PATCH',
    body,
  });
}

export function useChangeBenefitPackage(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BenefitPackageChangeBody) => changeBenefitPackage(orgId, employeeNo, body),
    meta: { title: MEMBER_RECORD_TITLES.changeBenefitPackage, method: 'PATCH' },
    // After a failure too: the page then shows what the server holds (decision 0073).
    onSettled: () => invalidateEmployee(queryClient, orgId, employeeNo),
  });
}
