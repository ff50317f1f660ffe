import { useMutation } from '@tanstack/react-query';
import { memberRecordContracts, type SsnAnswer } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';

/**
 * GET {portal}/organizations/{orgId}/employees/{employeeId}/ssn: the digits, on demand only
 * (audited server-side). A mutation rather than a query, so the SSN is never cached.
 */
export function getEmployeeSsn(orgId: number, employeeNo: number): Promise<SsnAnswer> {
  return callApi(memberRecordContracts.revealSsn, { params: { orgId, employeeId: employeeNo } });
}

export function useRevealEmployeeSsn(orgId: number, employeeNo: number) {
  return useMutation({
    mutationFn: () => getEmployeeSsn(orgId, employeeNo),
    // The screen shows the spec's own message (spec 1 §8), not the catalogue's.
    meta: { title: 'Error', notifyError: false, notifySuccess: false },
  });
}
