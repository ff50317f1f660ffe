import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_RECORD_TITLES, memberRecordContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/*
 * The member's termination (spec 1 §4, §7): PUT sets it, PATCH changes its date, DELETE removes
 * it. Each is its own action with its own notification title.
 */

export function terminateEmployee(orgId: number, employeeNo: number, terminationDate: string) {
  return callApi(memberRecordContracts.terminate, {
    params: { orgId, employeeId: employeeNo },
    body: { terminationDate },
  });
}

export function changeEmployeeTermination(
  orgId: number,
  employeeNo: number,
  terminationDate: string,
) {
  return callApi(memberRecordContracts.changeTermination, {
    params: { orgId, employeeId: employeeNo },
    body: { terminationDate },
  });
}

export function removeEmployeeTermination(orgId: number, employeeNo: number) {
  return callApi(memberRecordContracts.removeTermination, {
    params: { orgId, employeeId: employeeNo },
  });
}

export function useTerminateEmployee(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => terminateEmployee(orgId, employeeNo, date),
    meta: { title: MEMBER_RECORD_TITLES.terminateEmployee, method: 'PUT' },
    onSuccess: () => invalidateEmployee(queryClient, orgId, employeeNo),
    onError: (error) =>
      reloadIfStale(error, () => invalidateEmployee(queryClient, orgId, employeeNo)),
  });
}

export function useChangeEmployeeTermination(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => changeEmployeeTermination(orgId, employeeNo, date),
    meta: { title: MEMBER_RECORD_TITLES.changeTerminationDate, method: 'PATCH' },
    onSuccess: () => invalidateEmployee(queryClient, orgId, employeeNo),
    onError: (error) =>
      reloadIfStale(error, () => invalidateEmployee(queryClient, orgId, employeeNo)),
  });
}

export function useRemoveEmployeeTermination(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeEmployeeTermination(orgId, employeeNo),
    meta: { title: MEMBER_RECORD_TITLES.removeTermination, method: 'DELETE' },
    onSuccess: () => invalidateEmployee(queryClient, orgId, employeeNo),
    onError: (error) =>
      reloadIfStale(error, () => invalidateEmployee(queryClient, orgId, employeeNo)),
  });
}
