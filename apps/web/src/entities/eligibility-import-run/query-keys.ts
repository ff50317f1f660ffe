/**
 * Every query key of eligibility import runs, from one root: a configuration's runs list, one
 * run (polled while it works) and its preview pages, so an apply refreshes the run by prefix.
 */
export const importRunKeys = {
  all: ['eligibility-import-run'] as const,
  ofConfiguration: (eicNo: number) => [...importRunKeys.all, 'config', eicNo] as const,
  runs: (eicNo: number, query: object) => [...importRunKeys.ofConfiguration(eicNo), query] as const,
  configurations: (orgId: number, query: object) =>
    [...importRunKeys.all, 'org-configs', orgId, query] as const,
  run: (runId: number) => [...importRunKeys.all, 'run', runId] as const,
  changes: (runId: number, query: object) =>
    [...importRunKeys.run(runId), 'changes', query] as const,
  rejected: (runId: number, query: object) =>
    [...importRunKeys.run(runId), 'rejected', query] as const,
};
