import type { ColumnType, Generated } from 'kysely';
import type { Audit } from '../../platform/db/schema.ts';

/** numeric(14,2): read as a decimal string, written as a string or a number. */
export type Money = ColumnType<string, string | number, string | number>;

export interface GroupFeeTable extends Audit {
  fee_no: Generated<number>;
  organization_no: number;
  benefit_group_no: number;
  name: string;
  effective_date: string;
  expiration_date: string | null;
  fee_amount: Money;
}

export interface DivisionTable extends Audit {
  division_no: Generated<number>;
  organization_no: number;
  benefit_group_no: number;
  division_id: string;
  division_name: string;
  effective_date: string;
}

export interface BenefitGroupIncentiveProgramTable extends Audit {
  benefit_group_no: number;
  organization_no: number;
  program: string;
  mandatory: boolean;
}

export interface BenefitPackageTable extends Audit {
  benefit_package_no: Generated<number>;
  organization_no: number;
  benefit_package_id: string;
  name: string;
  process_status: number;
  effective_date: string;
}

export interface PlanTable extends Audit {
  plan_no: Generated<number>;
  organization_no: number;
  plan_name: string;
  plan_status: number;
  effective_date: string;
  expiration_date: string | null;
}

export interface InvoiceConfigTable extends Audit {
  invoice_config_no: Generated<number>;
  organization_no: number;
  name: string;
  distribution_method: string;
  supports_ice: boolean;
}

export interface InvoiceTable extends Audit {
  invoice_no: number;
  invoice_config_no: number;
  organization_no: number;
  invoice_date: string;
  is_tria: boolean;
  period_start: string;
  period_end: string;
  due_date: string;
  total_amount: Money;
}

export interface InvoiceLineTable extends Audit {
  invoice_no: number;
  line_no: number;
  description: string;
  quantity: Money;
  unit_amount: Money;
  amount: Money;
}

export interface InvoiceClaimSummaryTable extends Audit {
  invoice_no: number;
  benefit_group_no: number;
  claim_count: number;
  ingredient_cost: Money;
  dispensing_fee: Money;
  member_paid: Money;
  plan_paid: Money;
}

export interface InvoiceClaimDetailTable extends Audit {
  claim_detail_no: Generated<number>;
  invoice_no: number;
  benefit_group_no: number;
  claim_number: string;
  fill_date: string;
  member_id: string;
  member_name: string;
  drug_name: string;
  ndc: string;
  pharmacy_name: string;
  quantity: Money;
  days_supply: number;
  ingredient_cost: Money;
  dispensing_fee: Money;
  member_paid: Money;
  plan_paid: Money;
}

export interface LocationTable extends Audit {
  location_no: Generated<number>;
  organization_no: number;
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
}

export interface MedDSubsidyTable extends Audit {
  med_d_subsidy_no: Generated<number>;
  organization_no: number;
  application_id: string;
  application_date: string;
  uboi: string | null;
}

/** Row types of the organization workspace (issue 3) tables (migration 0002-organization-workspace). */
export interface OrganizationWorkspaceTables {
  group_fee: GroupFeeTable;
  division: DivisionTable;
  benefit_group_incentive_program: BenefitGroupIncentiveProgramTable;
  benefit_package: BenefitPackageTable;
  plan: PlanTable;
  invoice_config: InvoiceConfigTable;
  invoice: InvoiceTable;
  invoice_line: InvoiceLineTable;
  invoice_claim_summary: InvoiceClaimSummaryTable;
  invoice_claim_detail: InvoiceClaimDetailTable;
  location: LocationTable;
  med_d_subsidy: MedDSubsidyTable;
}
