import type { Kysely } from 'kysely';
import {
  CLAIMS_SHARE_MESSAGES as M,
  todayIso,
  type ClaimsShare,
  type ClaimsShareInput,
  type ShareCandidate,
  type SharedOpportunity,
} from '@pillar/domain';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, conflict, notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { requireOpportunity } from './evaluate.access.ts';
import {
  endShare,
  findExternalUser,
  findLiveShare,
  insertShare,
  listSharedOpportunities,
  listShares,
  searchExternalUsers,
} from './claims-shares.repo.ts';

/*
 * Claims workflow shares (issue 19, decision 0144): an internal evaluate user shares one
 * opportunity's claims files with a named broker or client user; every share and removal is
 * audited. The external routes ask `requireLiveShare` first: 404 for any opportunity not shared
 * with the caller today.
 */

export async function sharesOf(db: Kysely<DB>, opp: number): Promise<ClaimsShare[]> {
  await requireOpportunity(db, opp);
  return listShares(db, opp);
}

export async function shareCandidates(db: Kysely<DB>, q: string | undefined) {
  return { data: await searchExternalUsers(db, q ?? '') } satisfies { data: ShareCandidate[] };
}

export async function shareOpportunity(
  db: Kysely<DB>,
  principal: Principal,
  opp: number,
  input: ClaimsShareInput,
  today: string = todayIso(),
): Promise<ClaimsShare> {
  await requireOpportunity(db, opp);
  const endsOn = input.endsOn ?? null;
  if (endsOn !== null && endsOn < today) throw badRequest(M.endsInPast, { endsOn: M.endsInPast });
  const user = await findExternalUser(db, input.userId);
  if (!user) throw badRequest(M.notExternal, { userId: M.notExternal });
  await db.transaction().execute(async (trx) => {
    const added = await insertShare(trx, {
      opp,
      userNo: user.userId,
      endsOn,
      by: principal.userNo,
    });
    if (!added) throw conflict(M.alreadyShared);
    await writeAudit(trx, {
      actorUserNo: principal.userNo,
      action: 'claims_share.create',
      entity: 'prospect_opportunity',
      entityId: opp,
      detail: { userNo: user.userId, endsOn },
    });
  });
  const shares = await listShares(db, opp);
  const share = shares.find((s) => s.userId === user.userId);
  if (!share) throw notFound('Share');
  return share;
}

/** The demo seed's share (no end date), audited as the sharing user's. */
export async function seedClaimsShare(
  db: Kysely<DB>,
  share: { opp: number; userNo: number; by: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await insertShare(trx, { ...share, endsOn: null }))) return;
    await writeAudit(trx, {
      actorUserNo: share.by,
      action: 'claims_share.create',
      entity: 'prospect_opportunity',
      entityId: share.opp,
      detail: { userNo: share.userNo, endsOn: null },
    });
  });
}

export async function removeShare(
  db: Kysely<DB>,
  principal: Principal,
  opp: number,
  userNo: number,
): Promise<void> {
  await requireOpportunity(db, opp);
  await db.transaction().execute(async (trx) => {
    if (!(await endShare(trx, opp, userNo, principal.userNo))) throw notFound('Share');
    await writeAudit(trx, {
      actorUserNo: principal.userNo,
      action: 'claims_share.remove',
      entity: 'prospect_opportunity',
      entityId: opp,
      detail: { userNo },
    });
  });
}

export async function sharedOpportunities(
  db: Kysely<DB>,
  principal: Principal,
): Promise<{ data: SharedOpportunity[] }> {
  return { data: await listSharedOpportunities(db, principal.userNo) };
}

/** The opportunity as shared with the caller; 404 unless a live share names them. */
export async function requireLiveShare(
  db: Kysely<DB>,
  principal: Principal,
  opp: number,
): Promise<SharedOpportunity> {
  const share = await findLiveShare(db, principal.userNo, opp);
  if (!share) throw notFound('Opportunity');
  return share;
}
