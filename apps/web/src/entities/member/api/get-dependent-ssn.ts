import { dependentRecordContracts, type SsnAnswer } from '@pillar/domain';
import { callApi } from '../../../shared/api/call-api.ts';
import { dependentParams } from './dependent-writes.ts';

/**
 * GET .../dependents/{dependentId}/ssn: the SSN in full (portal-view-ssn; every call audited).
 * Fetched on demand by Reveal and never cached.
 */
export function getDependentSsn(
  orgId: number,
  employeeNo: number,
  dependentNo: number,
): Promise<SsnAnswer> {
  return callApi(dependentRecordContracts.revealSsn, {
    params: dependentParams(orgId, employeeNo, dependentNo),
  });
}
