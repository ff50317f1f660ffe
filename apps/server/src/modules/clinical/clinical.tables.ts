import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ClinicalChange, InterventionCaseKind, InterventionCaseStatus } from '@pillar/domain';

/** Row types of the clinical configuration's tables (migration 0016-clinical, decision 0107). */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;

export interface HealthConditionTable {
  health_condition_no: Generated<number>;
  name: string;
  /** clinicalNameKey(name): unique. */
  name_key: string;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface HealthConditionDrugTable {
  health_condition_drug_no: Generated<number>;
  health_condition_no: number;
  drug_code: string;
  drug_name: string;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface InterventionTable {
  intervention_no: Generated<number>;
  name: string;
  name_key: string;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface InterventionListTable {
  intervention_list_no: Generated<number>;
  name: string;
  name_key: string;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface InterventionListTargetDrugTable {
  target_drug_no: Generated<number>;
  intervention_list_no: number;
  drug_code: string;
  drug_name: string;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface InterventionListAlternativeDrugTable {
  alternative_drug_no: Generated<number>;
  target_drug_no: number;
  drug_code: string;
  drug_name: string;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface InterventionListPbmTable {
  intervention_list_no: number;
  pbm: string;
  created_at: CreatedAt;
  created_by: number | null;
}

export interface InterventionListConditionTable {
  intervention_list_no: number;
  health_condition_no: number;
  intervention_no: number;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export interface InterventionCaseTable {
  intervention_case_no: Generated<number>;
  intervention_list_no: number;
  employee_no: number;
  dependent_no: number | null;
  kind: InterventionCaseKind;
  status: InterventionCaseStatus;
  created_at: CreatedAt;
  created_by: number | null;
  updated_at: Instant;
  updated_by: number | null;
}

export type ClinicalHistorySubject = 'health_condition' | 'intervention_list';

export interface ClinicalHistoryTable {
  clinical_history_no: Generated<number>;
  subject: ClinicalHistorySubject;
  subject_no: number;
  change: ClinicalChange;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  changed_at: CreatedAt;
  changed_by: number | null;
}

/** A list's configuration as a snapshot holds it (the detail without the case counts). */
export interface ListSnapshotState {
  name: string;
  is_active: boolean;
  created_by: number | null;
  created_by_name: string | null;
  created_at: string;
  updated_by: number | null;
  updated_by_name: string | null;
  updated_at: string;
  target_drugs: {
    id: number;
    drug_code: string;
    drug_name: string;
    alternative_drugs: { id: number; drug_code: string; drug_name: string }[];
  }[];
  pbms: string[];
  condition_settings: {
    health_condition_id: number;
    health_condition_name: string;
    intervention_id: number;
    intervention_name: string;
  }[];
}

export interface InterventionListSnapshotTable {
  snapshot_no: Generated<number>;
  intervention_list_no: number;
  state: JSONColumnType<ListSnapshotState, string, string>;
  taken_at: CreatedAt;
  taken_by: number | null;
}

export interface ClinicalTables {
  health_condition: HealthConditionTable;
  health_condition_drug: HealthConditionDrugTable;
  intervention: InterventionTable;
  intervention_list: InterventionListTable;
  intervention_list_target_drug: InterventionListTargetDrugTable;
  intervention_list_alternative_drug: InterventionListAlternativeDrugTable;
  intervention_list_pbm: InterventionListPbmTable;
  intervention_list_condition: InterventionListConditionTable;
  intervention_case: InterventionCaseTable;
  clinical_history: ClinicalHistoryTable;
  intervention_list_snapshot: InterventionListSnapshotTable;
}
