import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MEMBER_RECORD_TITLES } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { employeePathOf } from './get-employee.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/*
 * The member's termination (spec 1 §4, §7): PUT sets it, PATCH changes its date, DELETE removes
 * it. Each is its own action with its own notification title.
 */

function terminationPath(orgId: number, employeeNo: number): string {
  return `${employeePathOf(orgId, employeeNo)}/termination`;
}

export function terminateEmployee(orgId: number, employeeNo: number, terminationDate: string) {
  return apiRequest<unknown>('portal', terminationPath(orgId, employeeNo), {
    method: 'PUT',
    body: { terminationDate },
  });
}

export function changeEmployeeTermination(
  orgId: number,
  employeeNo: number,
  terminationDate: string,
) {
  return apiRequest<unknown>('portal', terminationPath(orgId, employeeNo), {
    method: 'PATCH',
    body: { terminationDate },
  });
}

export function removeEmployeeTermination(orgId: number, employeeNo: number) {
  return apiRequest<unknown>('portal', terminationPath(orgId, employeeNo), { method: 'DELETE' });
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
