/*
 * The members module's set-based writes (decision 0128), for callers that change thousands of
 * members in one transaction (an eligibility import's Apply): the same columns, group, division
 * and package history rows and member_change_history rows as the member and dependent pages
 * write for a hand edit, each kind written by one statement. The caller decides the changes
 * (with the domain's rules) and names the organization every statement is limited to.
 */
export {
  dependentHashesTaken,
  endDependentsBatch,
  insertBenefitPackageHistoryBatch,
  insertDependentsBatch,
  insertDivisionHistoryBatch,
  insertEmployeesBatch,
  insertGroupAssignmentsBatch,
  lockDependentsBatch,
  lockEmployeesBatch,
  lockEmployeesByHash,
  moveGroupsBatch,
  nextEmployeeNos,
  organizationCatalog,
  updateDependentsBatch,
  updateEmployeesBatch,
  type DependentState,
  type EmployeeState,
  type NewDependentValues,
  type NewEmployeeValues,
} from './member-batch.repo.ts';
export {
  historyRowsOf,
  writeMemberHistoryBatch,
  type HistoryEntry,
} from './member-history-batch.ts';
export { generatedIdFor } from './member-ids.ts';
