import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { RateCardPbm, RateCardTerms } from '@pillar/domain';
import type { PriceFileTables } from './price-files.tables.ts';

/** Row types of the rate cards' table (migration 0026-rate-cards, decision 0130). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** A date column read as 'YYYY-MM-DD' text (the pool's date parser leaves dates as text). */
type DateText = ColumnType<string, string, never>;

/** One version of a PBM's rate card: inserted, never updated (the rows are the history). */
export interface RateCardVersionTable {
  rate_card_version_no: Generated<number>;
  pbm: RateCardPbm;
  effective_date: DateText;
  terms: JSONColumnType<RateCardTerms>;
  note: string | null;
  created_at: CreatedAt;
  created_by: number | null;
}

/** The module's tables: the cards' versions and the price files (decision 0147). */
export interface RateCardTables extends PriceFileTables {
  rate_card_version: RateCardVersionTable;
}
