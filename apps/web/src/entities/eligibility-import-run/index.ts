/** Eligibility import runs (issue 17, decision 0123); features import only this file. */
export { importRunKeys } from './query-keys.ts';
export {
  RUN_FILE_ACCEPT,
  RUN_POLL_MS,
  RUN_STATUS_LABELS,
  applyBlocker,
  formatRunTime,
  runOutcome,
  formatTimeLeft,
  isRunWorking,
  runPercent,
  selectableChanges,
  totalChanges,
} from './run-rules.ts';
export {
  getRun,
  listDeselected,
  useApplyRun,
  useConfigurationRuns,
  useRunConfigurations,
  useDownloadRunFile,
  useImportRun,
  useRunChanges,
  useRunRejected,
  useSaveSelection,
  useStartRun,
  type ChangesQuery,
  type RunDownload,
  type RunPage,
} from './api/runs.ts';
export { ImportRunStatusTag } from './ui/run-status-tag.tsx';
export { ImportRunProgress } from './ui/run-progress.tsx';
export { useExport834 } from './api/export.ts';
