import type { Generated } from 'kysely';
import type { Audit } from '../../platform/db/schema.ts';

/*
 * Row types of the plan information tables (migration 0012-plan-info). Dates are 'YYYY-MM-DD'
 * strings.
 */

export interface GroupInfoTable extends Audit {
  organization_no: number;
  account_manager: string | null;
  strategic_account_executive: string | null;
  brokerage_firm: string | null;
  medical_vendor: string | null;
  plan_no: string | null;
  formulary: string | null;
  dispense_as_written: string | null;
}

export interface GroupInfoProgramTable extends Audit {
  program_no: Generated<number>;
  organization_no: number;
  name: string;
  description: string | null;
}

export interface GroupInfoMaterialTable extends Audit {
  material_no: Generated<number>;
  organization_no: number;
  title: string;
  category: string;
  description: string | null;
  updated_date: string;
}

export interface GroupInfoPlanNoteTable extends Audit {
  note_no: Generated<number>;
  organization_no: number;
  note: string;
  note_date: string;
  author_name: string | null;
}

export interface GroupInfoPlanChangeTable extends Audit {
  change_no: Generated<number>;
  organization_no: number;
  effective_date: string;
  description: string;
}

export interface PlanBenefitContentTable extends Audit {
  pbc_no: Generated<number>;
  organization_no: number;
  plan_name: string;
  effective_date: string;
  expiration_date: string | null;
  formulary: string;
  daw_rule: string;
  deductible: string | null;
  out_of_pocket_max: string | null;
}

export interface PlanBenefitTierTable extends Audit {
  pbc_no: number;
  tier: number;
  name: string;
  retail_copay: string;
  mail_copay: string;
  coinsurance: string | null;
}

export interface AorSignatureTable extends Audit {
  aor_no: Generated<number>;
  organization_no: number;
  employee_no: number;
  dependent_no: number | null;
  member_id: string;
  representative_name: string;
  representative_address: string;
  member_dob: string;
  member_sign_date: string;
}

export interface PlanInfoTables {
  group_info: GroupInfoTable;
  group_info_program: GroupInfoProgramTable;
  group_info_material: GroupInfoMaterialTable;
  group_info_plan_note: GroupInfoPlanNoteTable;
  group_info_plan_change: GroupInfoPlanChangeTable;
  plan_benefit_content: PlanBenefitContentTable;
  plan_benefit_tier: PlanBenefitTierTable;
  aor_signature: AorSignatureTable;
}
