import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { RateCardPbm, RateCardTerms } from '@pillar/domain';

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

export interface RateCardTables {
  rate_card_version: RateCardVersionTable;
}
