/*
 * The health condition entity (spec 2 §3 "Clinical", §7 "Protect service"): conditions, their
 * drugs and their history through the protect service's contracts, and their query keys (every
 * key starts at healthConditionKeys.all). Features import only this file.
 */
export { healthConditionKeys } from './query-keys.ts';
export {
  ALL_CONDITIONS,
  addConditionDrug,
  conditionDrugsQueryOptions,
  createHealthCondition,
  getHealthCondition,
  healthConditionQueryOptions,
  healthConditionsQueryOptions,
  listConditionDrugs,
  listHealthConditionHistory,
  listHealthConditions,
  removeConditionDrug,
  updateHealthCondition,
  useAddConditionDrug,
  useConditionDrugs,
  useHealthCondition,
  useHealthConditionHistory,
  useHealthConditions,
  useRemoveConditionDrug,
  useSaveHealthCondition,
  type ClinicalHistorySearch,
  type HealthConditionSearch,
} from './api/condition-calls.ts';
