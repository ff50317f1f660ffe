import { type QueryClient } from '@tanstack/react-query';
import { type DependentDetail } from '@pillar/domain';

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
 * After a failed write (decision 0073): the dependent and its member are read again, so a page
 * whose record changed elsewhere (a 409) shows what the server holds. An unchanged record reads
 * back as the same object, so forms keep what the user typed.
 */
export async function afterDependentFailure(
  client: QueryClient,
  orgId: number,
  employeeNo: number,
): Promise<void> {
  // The member's key is the prefix of its dependents' keys: both are read again.
  await client.invalidateQueries({
    queryKey: ['portal', 'organizations', orgId, 'employees', employeeNo],
  });
}
