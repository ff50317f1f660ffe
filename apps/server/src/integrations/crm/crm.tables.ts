import type { ColumnType, Generated } from 'kysely';

/**
 * The built-in CRM's tables (migration 0019-evaluate, decision 0114): the store behind the
 * default CRM adapter, standing in for Salesforce. IDs are Salesforce's 18-character form.
 */

type DateColumn = string;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CrmUserTable {
  crm_user_no: Generated<number>;
  sf_id: string;
  name: string;
  email: string | null;
}

export interface CrmAccountTable {
  crm_account_no: Generated<number>;
  sf_id: string;
  name: string;
  kind: 'employer' | 'broker';
}

export interface CrmOpportunityTable {
  crm_opportunity_no: Generated<number>;
  sf_id: string;
  name: string;
  account_no: number;
  broker_account_no: number | null;
  owner_user_no: number | null;
  fa_user_no: number | null;
  spa: string | null;
  stage_name: string | null;
  employees: number | null;
  members: number | null;
  incumbent_pbm: string | null;
  tpa: string | null;
  med_vendor: string | null;
  target_effective_date: DateColumn | null;
  erisa: boolean | null;
  strategic_group: string | null;
  in_house_pharmacy_name: string | null;
  npi_number: string | null;
  nabp_number: string | null;
  analysis_due_from_fa: DateColumn | null;
  analysis_due_date: DateColumn | null;
  last_modified_at: Instant;
}

export interface CrmTables {
  crm_user: CrmUserTable;
  crm_account: CrmAccountTable;
  crm_opportunity: CrmOpportunityTable;
}
