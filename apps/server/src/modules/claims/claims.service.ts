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
import { requireEmployee } from '../members/index.ts';
import { listMemberClaims, organizationPbms, type ClaimsPaging } from './claims.repo.ts';

/*
 * A member's pharmacy claims and PBM claim links. The member is checked with the members
 * module's requireEmployee (404 outside the caller's organizations and groups). Claims are
 * health data: nothing here logs a claim, a drug or an amount.
 * read audit: the agent desktop's read-access audit (issue 12) is to record this read; the
 * helper did not exist when this was written (see decision 0098).
 */

export async function memberClaimsHistory(
  db: Kysely<DB>,
  principal: Principal,
  orgId: number,
  employeeId: number,
  paging: ClaimsPaging,
): Promise<ClaimsHistoryPage> {
  const member = await requireEmployee(db, principal, orgId, employeeId);
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
