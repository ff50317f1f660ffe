import type { Kysely } from 'kysely';
import {
  RATE_CARD_PBMS,
  RATE_CARD_PBM_NAMES,
  effectiveDateProblem,
  withTermDefaults,
  type RateCardList,
  type RateCardVersion,
  type RateCardVersionStatus,
  type RateCardVersionSummary,
  type RateCardVersionValues,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import * as repo from './rate-cards.repo.ts';

/**
 * The rate cards' rules (issue 19 "PBM offerings", decision 0130): the list with each PBM's card
 * in force and its history, one version, and a new version that never overwrites an old one.
 */

/** Today in UTC as 'YYYY-MM-DD': the date "in force" means when the caller names none. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function summary(
  row: repo.RateCardVersionRow,
  inForceNo: number | null,
  asOf: string,
): RateCardVersionSummary {
  const status: RateCardVersionStatus =
    row.versionNo === inForceNo
      ? 'In force'
      : row.effectiveDate > asOf
        ? 'Scheduled'
        : 'Superseded';
  return {
    versionNo: row.versionNo,
    pbm: row.pbm,
    effectiveDate: row.effectiveDate,
    status,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
  };
}

export async function listRateCards(db: Kysely<DB>, asOf = todayUtc()): Promise<RateCardList> {
  const [inForce, all] = await Promise.all([
    repo.findVersionsInForce(db, asOf),
    repo.listAllVersions(db),
  ]);
  return {
    asOf,
    pbms: RATE_CARD_PBMS.map((pbm) => {
      const current = inForce.find((r) => r.pbm === pbm) ?? null;
      const inForceNo = current?.versionNo ?? null;
      return {
        pbm,
        name: RATE_CARD_PBM_NAMES[pbm],
        inForce: current
          ? { ...summary(current, inForceNo, asOf), terms: withTermDefaults(current.terms) }
          : null,
        versions: all.filter((r) => r.pbm === pbm).map((r) => summary(r, inForceNo, asOf)),
      };
    }),
  };
}

async function versionAnswer(
  db: Kysely<DB>,
  row: repo.RateCardVersionRow,
  asOf: string,
): Promise<RateCardVersion> {
  const inForce = (await repo.findVersionsInForce(db, asOf)).find((r) => r.pbm === row.pbm);
  return {
    ...summary(row, inForce?.versionNo ?? null, asOf),
    terms: withTermDefaults(row.terms),
  };
}

export async function getRateCardVersion(
  db: Kysely<DB>,
  versionNo: number,
): Promise<RateCardVersion> {
  const row = await repo.findVersion(db, versionNo);
  if (!row) throw notFound('Rate card version');
  return versionAnswer(db, row, todayUtc());
}

/**
 * Inserts a new version. Its effective date may not precede the PBM's latest card's (checked
 * under the PBM's lock, so two saves at once cannot both pass against the same latest).
 */
export async function createRateCardVersion(
  db: Kysely<DB>,
  principal: Principal,
  input: RateCardVersionValues,
): Promise<RateCardVersion> {
  const versionNo = await db.transaction().execute(async (trx) => {
    await repo.lockPbm(trx, input.pbm);
    const latest = await repo.findLatestVersion(trx, input.pbm);
    const problem = effectiveDateProblem(input.effectiveDate, latest?.effectiveDate ?? null);
    if (problem) throw badRequest(problem, { effectiveDate: problem });
    return repo.insertVersion(trx, {
      pbm: input.pbm,
      effectiveDate: input.effectiveDate,
      terms: input.terms,
      note: input.note,
      createdBy: principal.userNo,
    });
  });
  const row = await repo.findVersion(db, versionNo);
  if (!row) throw notFound('Rate card version');
  return versionAnswer(db, row, todayUtc());
}
