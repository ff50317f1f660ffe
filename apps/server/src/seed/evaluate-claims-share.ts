import type { Kysely } from 'kysely';
import type { DB } from '../database.ts';
import { seedClaimsShare } from '../modules/evaluate/index.ts';
import type { SeedContext } from './seed-context.ts';

/**
 * The demo's claims share (decision 0144): the financial analyst shares the demo claims
 * opportunity (decision 0140) with the broker persona, with no end date, so the broker's
 * Shared Claims page lists it and opens its File, Mapping and Summary stages.
 */
export async function seedEvaluateClaimsShare(
  db: Kysely<DB>,
  context: SeedContext,
  opportunityNo: number | undefined,
): Promise<void> {
  const analyst = context.userNos.get('financialAnalyst');
  const broker = context.userNos.get('broker');
  if (analyst === undefined || broker === undefined || opportunityNo === undefined) return;
  await seedClaimsShare(db, { opp: opportunityNo, userNo: broker, by: analyst });
}
