import { type QueryClient } from '@tanstack/react-query';
import { employeeKey } from './get-employee.ts';

/**
 * After a write to a member: the member's own reads (detail, histories, coverages of the
 * coverage panel under the same key) and the member searches that list it.
 */
export async function invalidateEmployee(
  queryClient: QueryClient,
  orgId: number,
  employeeNo: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: employeeKey(orgId, employeeNo) }),
    // A termination ends the member's dependents too.
    queryClient.invalidateQueries({ queryKey: ['portal', 'organizations', orgId, 'dependents'] }),
    queryClient.invalidateQueries({ queryKey: ['portal', `/organizations/${orgId}`] }),
    queryClient.invalidateQueries({ queryKey: ['portal', ''] }),
  ]);
}
