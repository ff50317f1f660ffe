import { queryOptions, useQuery } from '@tanstack/react-query';
import { membersContracts } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { memberKeys } from '../query-keys.ts';

export interface EmployeeCount {
  count: number;
}

/**
 * GET {portal}/employees/count: the members (employees) in the user's scope. Spec 1 §7: the
 * count falls back to {count: 0}, so the card never shows an error for it.
 */
export async function getEmployeeCount(signal?: AbortSignal): Promise<EmployeeCount> {
  try {
    // Read defensively: whatever arrives, the card shows a number.
    const answer: Partial<EmployeeCount> | null = await callApi(membersContracts.countEmployees, {
      signal,
    });
    return { count: typeof answer?.count === 'number' ? answer.count : 0 };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { count: 0 };
  }
}

export function employeeCountQueryOptions() {
  return queryOptions({
    queryKey: memberKeys.count(),
    queryFn: ({ signal }) => getEmployeeCount(signal),
  });
}

export function useEmployeeCount(enabled: boolean) {
  return useQuery({ ...employeeCountQueryOptions(), enabled });
}
