import type { Transaction } from 'kysely';
import type { EvaluateHistoryPart } from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import type { OpportunityHandle } from './evaluate.access.ts';
import { insertVersion, touchOpportunity } from './evaluate.repo.ts';

/**
 * Keeps a version of an incumbent part (issue 18: "what did we assume in March?"): every save of
 * the contract, fees, credits, renewals, aggregates, contacts or insights calls this in the
 * save's own transaction with the part's whole state after the save, so a failed save leaves no
 * version and any two versions can be compared side by side. Also marks the opportunity updated
 * (the page header's "time since the last update").
 *
 * `handle` comes from requireOpportunityForUpdate (the row is locked, so version numbers of one
 * opportunity are written one at a time). Returns the new version's number (1, 2, ...).
 */
export async function recordEvaluateVersion(
  trx: Transaction<DB>,
  handle: OpportunityHandle,
  part: EvaluateHistoryPart,
  state: unknown,
  principal: Pick<Principal, 'userNo'>,
): Promise<number> {
  const versionNo = await insertVersion(trx, {
    id: handle.prospectOpportunityNo,
    part,
    state,
    userNo: principal.userNo,
  });
  await touchOpportunity(trx, handle.prospectOpportunityNo, principal.userNo);
  return versionNo;
}
