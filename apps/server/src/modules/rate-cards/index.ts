/**
 * The rate cards module's public surface (issue 19 "PBM offerings", decision 0130): its routes,
 * and for the repricing (modules/pricing) the cards in force on a date in the domain's shape.
 */
import type { Kysely } from 'kysely';
import type { RateCard } from '@pillar/domain';
import type { DB } from '../../database.ts';
import { findVersionsInForce } from './rate-cards.repo.ts';

export { rateCardsRoutes } from './rate-cards.routes.ts';
export { activePrices } from './price-files.service.ts';

/**
 * Each PBM's rate card in force on `asOf` ('YYYY-MM-DD'): the latest version effective on or
 * before it (the newest version of that date). What `cardInForce` and `pbmColumnTerms` take; a
 * PBM with no card yet in force on that date is absent.
 */
export async function rateCardsInForce(db: Kysely<DB>, asOf: string): Promise<RateCard[]> {
  const rows = await findVersionsInForce(db, asOf);
  return rows.map((r) => ({ pbm: r.pbm, effectiveDate: r.effectiveDate, terms: r.terms }));
}
