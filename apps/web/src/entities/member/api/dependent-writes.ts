import { type QueryClient } from '@tanstack/react-query';
import { type DependentDetail } from '@pillar/domain';
import { hasStatus } from '../../../shared/api/api-error.ts';
import { coverageKeys } from '../../coverage/index.ts';
import { memberKeys } from '../query-keys.ts';

/** The path parameters of one dependent's calls, from the page's numbers. */
export function dependentParams(orgId: number, employeeNo: number, dependentNo: number) {
  return { orgId, employeeId: employeeNo, dependentId: dependentNo };
}

/** Notification titles of the dependent's actions (spec 1 §8: they match the action). */
export const DEPENDENT_TITLES = {
  create: 'Create Dependent',
  update: 'Update Dependent',
  updateSsn: 'Update Dependent SSN',
  terminate: 'Terminate Dependent',
  removeTermination: 'Remove Dependent Termination',
  reinstate: 'Reinstate Dependent',
  changeGroup: 'Change Dependent Group',
} as const;

/**
 * After a write: the answer is the dependent's new state, and every list that shows dependents
 * (the member's Dependents panel, the organization's and the cross-organization searches) is
 * stale, as are the alternate group options, which the answer does not carry.
 */
export async function afterDependentWrite(
  client: QueryClient,
  orgId: number,
  detail: DependentDetail | undefined,
): Promise<void> {
  if (detail) {
    client.setQueryData(
      memberKeys.dependentDetail(orgId, detail.employeeNo, detail.dependentNo),
      detail,
    );
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: memberKeys.searches() }),
    detail
      ? client.invalidateQueries({
          queryKey: memberKeys.alternateGroupOptions(orgId, detail.employeeNo, detail.dependentNo),
        })
      : Promise.resolve(),
  ]);
}

/**
 * After a failed write (decision 0073): when the server says the record is not what the page
 * shows (409, 404), the dependent and its member are read again; other failures keep the form as
 * the user left it (spec 1 §4).
 */
export async function afterDependentFailure(
  client: QueryClient,
  orgId: number,
  employeeNo: number,
  error: unknown,
): Promise<void> {
  if (!hasStatus(error, 404, 409)) return;
  // The member's key is the prefix of its dependents' keys: both are read again, with the
  // member's coverages (the page shows them beside the member).
  await Promise.all([
    client.invalidateQueries({ queryKey: memberKeys.employee(orgId, employeeNo) }),
    client.invalidateQueries({ queryKey: coverageKeys.employee(orgId, employeeNo) }),
  ]);
}
