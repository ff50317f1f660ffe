import { type SsnAnswer } from '@pillar/domain';
import { apiRequest } from '../../../../shared/api/api-client.ts';
import { dependentPath } from './dependent-keys.ts';

/**
 * GET .../dependents/{dependentId}/ssn: the SSN in full (portal-view-ssn; every call audited).
 * Fetched on demand by Reveal and never cached.
 */
export function getDependentSsn(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
): Promise<SsnAnswer> {
  return apiRequest<SsnAnswer>('portal', `${dependentPath(orgId, employeeNo, dependentNo)}/ssn`);
}
