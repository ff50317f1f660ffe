import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MEMBER_RECORD_TITLES,
  memberRecordContracts,
  type AddDivisionBody,
  type GroupChangeBody,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { invalidateEmployee, reloadIfStale } from './invalidate-employee.ts';

/** PATCH {portal}/.../employees/{employeeId}/group: a new group, with a division (spec 1 §4). */
export function changeEmployeeGroup(orgId: number, employeeNo: number, body: GroupChangeBody) {
  return callApi(memberRecordContracts.changeGroup, {
    params: { orgId, employeeId: employeeNo },
    body,
  });
}

/** POST {portal}/.../employees/{employeeId}/divisions: only the division changes. */
export function changeEmployeeDivision(orgId: number, employeeNo: number, body: AddDivisionBody) {
  return callApi(memberRecordContracts.addDivision, {
    params: { orgId, employeeId: employeeNo },
    body,
  });
}

/**
 * One Save of the Group Assignment panel (spec 1 §4): a new group with an existing or a new
 * division of it is one call (PATCH group); a division alone, or a new division of the current
 * group, is the other (POST divisions).
 */
export interface GroupAssignmentChange {
  group?: GroupChangeBody;
  division?: AddDivisionBody;
}

export function useChangeGroupAssignment(orgId: number, employeeNo: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: GroupAssignmentChange) => {
      // A new group with a new division is one call, so the member is never between groups
      // without a division (decision 0074).
      if (change.group && change.division) {
        const { divisionId, divisionName } = change.division;
        await changeEmployeeGroup(orgId, employeeNo, {
          ...change.group,
          divisionNo: null,
          newDivision: { divisionId, divisionName: divisionName ?? '' },
        });
        return;
      }
      if (change.group) await changeEmployeeGroup(orgId, employeeNo, change.group);
      if (change.division) await changeEmployeeDivision(orgId, employeeNo, change.division);
    },
    meta: { title: MEMBER_RECORD_TITLES.changeGroup, method: 'PATCH', notifySuccess: true },
    onSuccess: () => invalidateEmployee(queryClient, orgId, employeeNo),
    onError: (error) =>
      reloadIfStale(error, () => invalidateEmployee(queryClient, orgId, employeeNo)),
  });
}
