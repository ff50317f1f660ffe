import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type DependentSearchRow, type Page } from '@pillar/domain';
import { apiRequest } from '../../../shared/api/api-client.ts';

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
  const page = await apiRequest<Page<DependentSearchRow>>(
    'portal',
    `/organizations/${orgId}/dependents`,
    { query: { memberId: generatedId, limit: MAX_PAGE_SIZE, offset: 0, sort: 'name:asc' }, signal },
  );
  return page.data.filter((row) => row.employeeNo === employeeNo);
}

export function employeeDependentsQueryOptions(
  orgId: number,
  employeeNo: number,
  generatedId: string,
) {
  return queryOptions({
    // Under the organization's dependents key, so creating a dependent refreshes this list.
    queryKey: ['portal', 'organizations', orgId, 'dependents', 'of-employee', employeeNo] as const,
    queryFn: ({ signal }) => listEmployeeDependents(orgId, employeeNo, generatedId, signal),
  });
}

export function useEmployeeDependents(orgId: number, employeeNo: number, generatedId: string) {
  return useQuery(employeeDependentsQueryOptions(orgId, employeeNo, generatedId));
}
