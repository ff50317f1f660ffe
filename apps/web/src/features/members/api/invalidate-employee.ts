import { type QueryClient } from '@tanstack/react-query';
import { hasStatus } from '../../../shared/api/api-error.ts';
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

/**
 * After a failed write (decision 0073): a 409 or 404 says the record is not what the page shows
 * (changed or gone elsewhere), so the page reads it again. Other failures keep the form as the
 * user left it, to fix the input or try again (spec 1 §4): reading the record again would
 * remount the page's forms and lose the edit.
 */
export async function reloadIfStale(error: unknown, reload: () => Promise<void>): Promise<void> {
  if (hasStatus(error, 404, 409)) await reload();
}
