/*
 * The prospect opportunity entity (spec 3 §7 "Evaluate service" and "CRM service"): the list,
 * one opportunity, the CRM search and the create from it, the refresh from the CRM, the
 * incumbent contract and its history, with their query keys (all from opportunityKeys.all).
 * Features import only this file.
 *
 * Blocks:
 * - `<StageTag stage={n | null} />`: a stage's label in a tag coloured by open or closed.
 */
export { opportunityKeys } from './query-keys.ts';
export {
  listOpportunities,
  listOpportunitiesQueryOptions,
  opportunityScopeParam,
  readOpportunityScope,
  readStageFilter,
  type OpportunitySearch,
} from './api/list-opportunities.ts';
export {
  getOpportunity,
  opportunityQueryOptions,
  parseOpportunityId,
  useOpportunity,
} from './api/get-opportunity.ts';
export {
  CRM_FAILURE_MESSAGE,
  createOpportunity,
  crmSearchQueryOptions,
  isCrmFailure,
  refreshFromCrm,
  searchCrm,
  sfIdRule,
  useCreateOpportunity,
  useCrmSearch,
  useRefreshFromCrm,
  type CrmSearch,
} from './api/crm-opportunities.ts';
export {
  contractQueryOptions,
  getContract,
  saveContract,
  useContract,
  useSaveContract,
  type ContractSave,
} from './api/contract.ts';
export {
  getVersion,
  listVersions,
  useVersionPair,
  useVersions,
  versionQueryOptions,
  type VersionRef,
  type VersionSearch,
} from './api/history.ts';
export { OPPORTUNITY_STAGE_OPTIONS, StageTag } from './ui/stage-tag.tsx';
