import { type QueryClient } from '@tanstack/react-query';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { coverageKeys } from '../../coverage/index.ts';
import { memberKeys } from '../query-keys.ts';

/**
 * After a write to a member: the member's own reads (detail, history, its dependents' records),
 * its coverages and temp cards (a termination, a package or group change changes them), and
 * every member list, since one may show it (a termination ends its dependents too).
 */
export async function invalidateEmployee(
  queryClient: QueryClient,
  orgId: number,
  employeeNo: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: memberKeys.employee(orgId, employeeNo) }),
    queryClient.invalidateQueries({ queryKey: coverageKeys.employee(orgId, employeeNo) }),
    queryClient.invalidateQueries({ queryKey: memberKeys.searches() }),
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
