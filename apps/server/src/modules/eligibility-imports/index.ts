/**
 * Eligibility import runs (issue 17, decision 0123): not yet served. Until the runs' routes and
 * job exist, the surface is the run storage, which the repository-SQL scenario drives directly
 * (as it does the sign-in side of the platform).
 */
export {
  activeRunId,
  countStaged,
  insertChanges,
  insertRejected,
  insertRun,
  markApplied,
  nextUnapplied,
  saveSelection,
  setRunStatus,
  stageRows,
} from './eligibility-imports.repo.ts';
