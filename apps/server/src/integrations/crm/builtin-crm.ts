import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import { CrmUnavailableError, type CrmAdapter } from './crm-adapter.ts';
import { findCrmOpportunity, searchCrmOpportunities } from './crm.repo.ts';

/**
 * The built-in CRM (decision 0114): opportunities, accounts and users kept in our database
 * (migration 0019), read the way the Salesforce adapter reads Salesforce. `simulateOutage`
 * (CRM_SIMULATE_OUTAGE) makes it fail like an unreachable CRM, so the 502 path can be shown and
 * tested without Salesforce.
 */
export function createBuiltInCrm(
  db: Kysely<DB>,
  options: { simulateOutage: boolean } = { simulateOutage: false },
): CrmAdapter {
  const guard = () => {
    if (options.simulateOutage) throw new CrmUnavailableError('built-in CRM outage (simulated)');
  };
  return {
    kind: 'builtin',
    async searchOpportunities(employerName, limit) {
      guard();
      return searchCrmOpportunities(db, employerName, limit);
    },
    async getOpportunity(sfId) {
      guard();
      return findCrmOpportunity(db, sfId);
    },
  };
}
