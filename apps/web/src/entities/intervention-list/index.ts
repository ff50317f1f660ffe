/*
 * The intervention drug list entity (spec 2 §2 "Clinical configuration", §3 "Clinical", §4
 * "Intervention list wizard", §7 "Protect service"): the protect service's calls for lists, their
 * target and alternative drugs, PBMs, condition settings, history and interventions, with their
 * query keys. Features import only this file; every key starts at interventionListKeys.all.
 */
export { interventionListKeys } from './query-keys.ts';
export {
  addTargetDrugs,
  createIntervention,
  getInterventionList,
  interventionListHistoryQueryOptions,
  interventionListQueryOptions,
  interventionListRefusal,
  interventionListsQueryOptions,
  listInterventionListHistory,
  listInterventionLists,
  removeTargetDrug,
  saveInterventionList,
  setAlternativeDrugs,
  setConditionSettings,
  setListPbms,
  useAddTargetDrugs,
  useCreateIntervention,
  useInterventionList,
  useInterventionListNames,
  useInterventions,
  useRemoveTargetDrug,
  useSaveInterventionList,
  useSetAlternativeDrugs,
  useSetConditionSettings,
  useSetListPbms,
  type InterventionListsSearch,
  type ListHistorySearch,
} from './api/intervention-list-calls.ts';
