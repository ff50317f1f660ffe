import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { FeeType, PricingPbm, RenewalEntry, RenewalSource } from '@pillar/domain';

/** Row types of the incumbent parts (migration 0020-evaluate-incumbent, decision 0115). */

type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric(14,2): read as text by the driver, written as a number or text. */
type Numeric = ColumnType<string, number | string, number | string>;

export type FeeItemList = 'fees' | 'credits' | 'pricingFees' | 'pricingCredits';

export interface IncumbentFeeItemTable {
  prospect_opportunity_no: number;
  list: FeeItemList;
  position: number;
  name: string;
  type: FeeType;
  amount: Numeric;
  /** Only on the RxB pricing lists. */
  pbm: PricingPbm | null;
}

export interface IncumbentInsightTable {
  incumbent_insight_no: Generated<number>;
  prospect_opportunity_no: number;
  message: string;
  owned_by: number;
  created_at: Instant;
  updated_at: Instant;
}

export interface IncumbentPricingInsightTable {
  prospect_opportunity_no: number;
  position: number;
  insight_name: string;
  additional_info: string;
}

export interface IncumbentAggregateTable {
  prospect_opportunity_no: number;
  rebate: Numeric | null;
  is_rebate_used: boolean;
  total_member: Numeric | null;
  is_total_member_used: boolean;
  gross: Numeric | null;
  is_gross_used: boolean;
  updated_at: Instant;
  updated_by: number | null;
}

export interface IncumbentContactTable {
  prospect_opportunity_no: number;
  slot: number;
  contact_name: string | null;
  position: string | null;
  email: string | null;
  phone: string | null;
}

/** A renewal entry's terms: everything but its id and header columns. */
export type RenewalTerms = Omit<
  RenewalEntry,
  'id' | 'name' | 'termLength' | 'effectiveDate' | 'source'
>;

export interface IncumbentRenewalTable {
  incumbent_renewal_no: Generated<number>;
  prospect_opportunity_no: number;
  slot: number;
  name: string;
  term_length: number;
  /** YYYY-MM-DD text both ways. */
  effective_date: string;
  source: RenewalSource;
  terms: JSONColumnType<RenewalTerms>;
}

export interface IncumbentTables {
  incumbent_fee_item: IncumbentFeeItemTable;
  incumbent_insight: IncumbentInsightTable;
  incumbent_pricing_insight: IncumbentPricingInsightTable;
  incumbent_aggregate: IncumbentAggregateTable;
  incumbent_contact: IncumbentContactTable;
  incumbent_renewal: IncumbentRenewalTable;
}
