/**
 * One base path per specified service (spec 1 §7): the server mounts each service's routes under
 * it, answers it in /config.json, and the browser's runtime config names the same keys. This map
 * is the one place they are written.
 */
export const API_SERVICES = {
  portal: '/portal/v1',
  authorization: '/authorization/v1',
  issues: '/issues/v1',
  msrSearch: '/msr-search/v1',
  membersHub: '/members-hub/v1',
  plans: '/plans/v1',
  commManager: '/comm-manager',
  protect: '/protect/v1',
  keystoneFile: '/keystonefile/v1',
  eligibilityImport: '/eligibilityImportSchema',
  dataMapping: '/datamapping/v1',
  evaluate: '/evaluate/v1',
  salesforce: '/salesforce/v1',
  /** External users' shared claims workflows (decision 0144): outside /evaluate. */
  sharedClaims: '/shared-claims/v1',
} as const;

export type ServiceName = keyof typeof API_SERVICES;
