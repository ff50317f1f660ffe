import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  memberRecordContracts,
  type BenefitPackageHistoryRow,
  type DivisionHistoryGroup,
  type GroupAssignmentRow,
} from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';

/*
 * An employee's record histories (spec 2 §2 drawers Plan History, Group/Division History, Benefit
 * Package History): its group assignments newest first, its divisions by group, its benefit
 * packages. Each loads when its drawer opens (`enabled`).
 */

const params = (orgId: number, employeeId: number) => ({ orgId, employeeId });

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/group-assignments */
export async function listGroupAssignments(
  orgId: number,
  employeeNo: number,
  signal?: AbortSignal,
): Promise<GroupAssignmentRow[]> {
  const answer = await callApi(memberRecordContracts.groupAssignments, {
    params: params(orgId, employeeNo),
    signal,
  });
  return answer.data;
}

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/division-history */
export async function listDivisionHistory(
  orgId: number,
  employeeNo: number,
  signal?: AbortSignal,
): Promise<DivisionHistoryGroup[]> {
  const answer = await callApi(memberRecordContracts.divisionHistory, {
    params: params(orgId, employeeNo),
    signal,
  });
  return answer.data;
}

/** GET {portal}/organizations/{orgId}/employees/{employeeId}/benefit-package-history */
export async function listBenefitPackageHistory(
  orgId: number,
  employeeNo: number,
  signal?: AbortSignal,
): Promise<BenefitPackageHistoryRow[]> {
  const answer = await callApi(memberRecordContracts.benefitPackageHistory, {
    params: params(orgId, employeeNo),
    signal,
  });
  return answer.data;
}

export function useGroupAssignments(orgId: number, employeeNo: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: memberKeys.recordHistory(orgId, employeeNo, 'group-assignments'),
      queryFn: ({ signal }) => listGroupAssignments(orgId, employeeNo, signal),
      enabled,
    }),
  );
}

export function useDivisionHistory(orgId: number, employeeNo: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: memberKeys.recordHistory(orgId, employeeNo, 'division-history'),
      queryFn: ({ signal }) => listDivisionHistory(orgId, employeeNo, signal),
      enabled,
    }),
  );
}

export function useBenefitPackageHistory(orgId: number, employeeNo: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: memberKeys.recordHistory(orgId, employeeNo, 'benefit-package-history'),
      queryFn: ({ signal }) => listBenefitPackageHistory(orgId, employeeNo, signal),
      enabled,
    }),
  );
}
