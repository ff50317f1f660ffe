import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, membersContracts, type DependentSearchRow } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';

/**
 * The member's dependents: GET {portal}/organizations/{orgId}/dependents with the member's
 * generated ID (a dependent's member ID is its member's), kept to this employee.
 */
export async function listEmployeeDependents(
  orgId: number,
  employeeNo: number,
  generatedId: string,
  signal?: AbortSignal,
): Promise<DependentSearchRow[]> {
  const page = await callApi(membersContracts.searchOrganizationDependents, {
    params: { orgId },
    query: { memberId: generatedId, limit: MAX_PAGE_SIZE, offset: 0, sort: 'name:asc' },
    signal,
  });
  return page.data.filter((row) => row.employeeNo === employeeNo);
}

export function employeeDependentsQueryOptions(
  orgId: number,
  employeeNo: number,
  generatedId: string,
) {
  return queryOptions({
    // Under the member lists' key, so creating or changing a dependent refreshes this list.
    queryKey: memberKeys.dependentsOfEmployee(orgId, employeeNo),
    queryFn: ({ signal }) => listEmployeeDependents(orgId, employeeNo, generatedId, signal),
  });
}

export function useEmployeeDependents(orgId: number, employeeNo: number, generatedId: string) {
  return useQuery(employeeDependentsQueryOptions(orgId, employeeNo, generatedId));
}
