import type { Kysely } from 'kysely';
import {
  comparePbmLinks,
  pbmBrowser,
  pbmLinkName,
  type ClaimsHistoryPage,
  type PbmLinksAnswer,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { recordMemberRead, requireDependent, requireEmployee } from '../members/index.ts';
import { listMemberClaims, organizationPbms, type ClaimsPaging } from './claims.repo.ts';

/*
 * A member's pharmacy claims and PBM claim links. The member is checked with the members
 * module's requireEmployee (404 outside the caller's organizations and groups), a dependent with
 * its requireDependent (404 'Dependent' when not the member's). Claims are health data: nothing
 * here logs a claim, a drug or an amount; each history read appends the read-access audit row
 * ('claims-history', decision 0097) after the scope check.
 */

export async function memberClaimsHistory(
  db: Kysely<DB>,
  principal: Principal,
  orgId: number,
  employeeId: number,
  paging: ClaimsPaging,
): Promise<ClaimsHistoryPage> {
  const member = await requireEmployee(db, principal, orgId, employeeId);
  const dependent =
    paging.dependentNo === undefined
      ? undefined
      : await requireDependent(db, principal, member, paging.dependentNo);
  await recordMemberRead(db, principal, dependent ?? member, 'claims-history');
  return listMemberClaims(db, member, paging);
}

export async function memberPbmLinks(
  db: Kysely<DB>,
  principal: Principal,
  orgId: number,
  employeeId: number,
): Promise<PbmLinksAnswer> {
  const member = await requireEmployee(db, principal, orgId, employeeId);
  const links = (await organizationPbms(db, member)).map((row) => ({
    pbm: row.pbm,
    name: pbmLinkName(row.pbm, row.product),
    url: row.claims_url,
    browser: pbmBrowser(row.pbm),
  }));
  return { links: links.sort(comparePbmLinks) };
}
