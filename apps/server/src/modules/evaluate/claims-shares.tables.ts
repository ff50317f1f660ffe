import type { ColumnType, Generated } from 'kysely';

/** Row types of the claims workflow shares (migration 0037-claims-shares, decision 0144). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ClaimsShareTable {
  claims_share_no: Generated<number>;
  prospect_opportunity_no: number;
  user_no: number;
  /** The share's last day (YYYY-MM-DD, inclusive); null: no end. */
  ends_on: string | null;
  created_at: CreatedAt;
  created_by: number;
  /** Set by a removal, with who removed it. */
  ended_at: Instant | null;
  ended_by: number | null;
}

export interface ClaimsShareTables {
  claims_share: ClaimsShareTable;
}
