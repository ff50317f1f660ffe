import type { CrmOpportunity } from '@pillar/domain';

/**
 * The CRM (Salesforce in the spec) as the evaluate area reads it (decision 0114). Two
 * implementations: the built-in store in our own database (the default, fully usable), and
 * Salesforce's REST API through jsforce (CRM_PROVIDER=salesforce).
 *
 * Every method throws CrmUnavailableError when the CRM cannot be reached or answers an error;
 * the routes turn it into a 502 'Problem getting data from Salesforce'. An unknown ID is `null`.
 */
export interface CrmAdapter {
  readonly kind: 'builtin' | 'salesforce';
  /** Opportunities whose employer (account) or name contains `employerName`, at most `limit`. */
  searchOpportunities(employerName: string, limit: number): Promise<CrmOpportunity[]>;
  /** One opportunity by its 15- or 18-character ID. */
  getOpportunity(sfId: string): Promise<CrmOpportunity | null>;
}

/** The CRM did not answer (connection refused, timeout, an error answer, an outage). */
export class CrmUnavailableError extends Error {
  override readonly name = 'CrmUnavailableError';
}
