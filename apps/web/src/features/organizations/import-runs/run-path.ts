/** The run page's address: under its organization, so the breadcrumb leads back to it. */
export function runPath(orgId: number, runId: number): string {
  return `/organizations/${orgId}/import-runs/${runId}`;
}
