import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../database.ts';
import { createBuiltInCrm } from './builtin-crm.ts';
import type { CrmAdapter } from './crm-adapter.ts';
import { createSalesforceCrm } from './salesforce-crm.ts';

/** The CRM the configuration names (CRM_PROVIDER): built-in by default, or Salesforce. */
export function createCrmAdapter(config: Config, db: Kysely<DB>): CrmAdapter {
  if (config.crm.provider === 'salesforce') return createSalesforceCrm(config.crm.salesforce);
  return createBuiltInCrm(db, { simulateOutage: config.crm.simulateOutage });
}
