import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Row types of the evaluate module's tables (migration 0019-evaluate, decision 0114). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column: YYYY-MM-DD text both ways (platform/db/database.ts keeps dates as text). */
type DateColumn = string;
/** numeric(14,2): read as text by the driver, written as a number or text. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface ProspectOpportunityTable {
  prospect_opportunity_no: Generated<number>;
  sf_opp_id: string;
  /** The ID's first 15 characters: unique, so one CRM record makes one opportunity. */
  sf_opp_id15: string;
  employer: string;
  broker: string | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_user_no: number | null;
  fa_name: string | null;
  fa_email: string | null;
  fa_user_no: number | null;
  spa: string | null;
  sf_stage: number | null;
  incumbent_pbm: string | null;
  employees: number | null;
  members: number | null;
  in_house_pharmacy_name: string | null;
  npi_number: string | null;
  nabp_number: string | null;
  analysis_due_from_fa: DateColumn | null;
  analysis_due_date: DateColumn | null;
  med_vendor: string | null;
  tpa: string | null;
  target_effective_date: DateColumn | null;
  erisa: boolean | null;
  strategic_group: string | null;
  sf_updated_at: Instant;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface IncumbentContractTable {
  prospect_opportunity_no: number;
  contract_term_length: number;
  contract_eff_date: DateColumn;
  ssg_or_dsg: 'no' | 'SSG' | 'DSG';
  updated_at: Instant;
  updated_by: number | null;
}

export interface IncumbentContractTermTable {
  prospect_opportunity_no: number;
  code: string;
  value: Numeric;
}

export interface EvaluateHistoryTable {
  evaluate_history_no: Generated<number>;
  prospect_opportunity_no: number;
  part: string;
  version_no: number;
  state: JSONColumnType<object | null, string, string>;
  saved_at: CreatedAt;
  saved_by: number | null;
}

export interface EvaluateTables {
  prospect_opportunity: ProspectOpportunityTable;
  incumbent_contract: IncumbentContractTable;
  incumbent_contract_term: IncumbentContractTermTable;
  evaluate_history: EvaluateHistoryTable;
}
