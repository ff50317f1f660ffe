import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_RECORD_TITLES,
  memberRecordContracts,
  type BenefitPackageChangeBody,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/** PATCH {portal}/.../employees/{employeeId}/benefit-package (spec 1 §4). */
export function changeBenefitPackage(
  orgId: number,
  employeeNo: number,
  body: BenefitPackageChangeBody,
) {
  return callApi(memberRecordContracts.changeBenefitPackage, {
    params: { orgId, employeeId: employeeNo },
    body,
  });
}

export function useChangeBenefitPackage(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BenefitPackageChangeBody) => changeBenefitPackage(orgId, employeeNo, body),
    meta: { title: MEMBER_RECORD_TITLES.changeBenefitPackage, method: 'PATCH' },
    onSuccess: () => invalidateEmployee(queryClient, orgId, employeeNo),
    onError: (error) =>
      reloadIfStale(error, () => invalidateEmployee(queryClient, orgId, employeeNo)),
  });
}
