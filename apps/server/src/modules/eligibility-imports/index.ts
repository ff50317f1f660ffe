/**
 * Eligibility import runs (issue 17, decisions 0123 and 0127): the routes up to the preview, the
 * preview job's worker (main.ts), and the run storage the repository-SQL scenario and the apply
 * part use.
 */
export { eligibilityImportRoutes } from './eligibility-imports.routes.ts';
export {
  PREVIEW_QUEUE,
  runPreviewJob,
  startEligibilityImportWorker,
} from './eligibility-imports.service.ts';
export { requireConfiguration, requireRun } from './eligibility-imports.access.ts';
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
/** Selection and Apply (decision 0128): its routes, and the apply job's worker (main.ts). */
export { eligibilityImportApplyRoutes } from './eligibility-imports.apply-routes.ts';
export { APPLY_QUEUE, runApplyJob, startApplyWorker } from './eligibility-imports.apply.ts';
