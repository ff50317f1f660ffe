import type { Principal } from '../../../platform/auth/principal.ts';
import { findDivisionById, insertDivision } from '../member-record.repo.ts';
import type { Tx } from './context.ts';

/* The division a member takes with a new group (decision 0074): shared by group change and reinstate. */

/** The group's division with this Division ID, created (ID and name) when it has none. */
export async function divisionByIdOrNew(
  trx: Tx,
  principal: Principal,
  organizationNo: number,
  benefitGroupNo: number,
  wanted: { divisionId: string; divisionName: string; effectiveDate: string },
) {
  const existing = await findDivisionById(trx, benefitGroupNo, wanted.divisionId);
  if (existing) return existing;
  return insertDivision(trx, {
    organizationNo,
    benefitGroupNo,
    ...wanted,
    userNo: principal.userNo,
  });
}
