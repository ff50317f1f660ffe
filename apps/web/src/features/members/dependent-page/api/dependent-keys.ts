import { type QueryClient } from '@tanstack/react-query';
import { type DependentDetail } from '@pillar/domain';
import { hasStatus } from '../../../../shared/api/api-error.ts';

/** Where a dependent's calls live: /organizations/{orgId}/employees/{employeeId}/dependents. */
export function dependentsPath(orgId: number, employeeNo: number): string {
  return `/organizations/${orgId}/employees/${employeeNo}/dependents`;
}

export function dependentPath(orgId: number, employeeNo: number, dependentNo: number): string {
  return `${dependentsPath(orgId, employeeNo)}/${dependentNo}`;
}

export function dependentKey(orgId: number, employeeNo: number, dependentNo: number) {
  return [
    'portal',
    'organizations',
    orgId,
    'employees',
    employeeNo,
    'dependents',
    dependentNo,
  ] as const;
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
 * stale.
 */
export async function afterDependentWrite(
  client: QueryClient,
  orgId: number,
  detail: DependentDetail | undefined,
): Promise<void> {
  if (detail) {
    client.setQueryData(dependentKey(orgId, detail.employeeNo, detail.dependentNo), detail);
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: ['portal', 'organizations', orgId, 'dependents'] }),
    // The searches' keys start with their base path: the organization's, or '' across them.
    client.invalidateQueries({ queryKey: ['portal', `/organizations/${orgId}`] }),
    client.invalidateQueries({ queryKey: ['portal', ''] }),
    detail
      ? client.invalidateQueries({
          queryKey: [
            'portal',
            'organizations',
            orgId,
            'employees',
            detail.employeeNo,
            'dependents',
            detail.dependentNo,
            'alternate-group-options',
          ],
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
  // The member's key is the prefix of its dependents' keys: both are read again.
  await client.invalidateQueries({
    queryKey: ['portal', 'organizations', orgId, 'employees', employeeNo],
  });
}
