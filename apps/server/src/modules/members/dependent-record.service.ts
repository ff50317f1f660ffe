/*
 * A dependent's record and lifecycle (spec 1 §4, §7): one file per use case in dependent-record/
 * (its checks, its rules, its repository calls); this file is what the routes call. Access first:
 * the employee must lie in the user's organizations and groups, and the dependent must be that
 * employee's (404 otherwise; members.access.ts). Every write runs in one transaction with its
 * member_change_history rows. Definitions the spec leaves open: docs/decisions/0047-dependents.md.
 */

export type { DependentRecordDeps } from './dependent-record/context.ts';
export {
  getAlternateGroupOptions,
  getDependent,
  getDependentSsn,
} from './dependent-record/read.ts';
export { createDependent } from './dependent-record/create.ts';
export { updateDependentRecord, updateDependentSsn } from './dependent-record/update.ts';
export { removeDependentTermination, terminateDependent } from './dependent-record/terminate.ts';
export { reinstateDependent } from './dependent-record/reinstate.ts';
export { changeAlternateGroup } from './dependent-record/alternate-group.ts';
