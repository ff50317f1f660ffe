import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { canSeeOrganization } from '../../platform/auth/principal.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import {
  findConfiguration,
  findRun,
  type ConfigurationRow,
  type RunRow,
} from './eligibility-imports.preview.repo.ts';

/*
 * Access to import configurations' runs (decision 0123): the route's permission (member edit, or
 * the internal data role's eligibility-import permissions) and the principal's organizations. A
 * configuration or run of an organization outside them is a 404, exactly like one that does not
 * exist, so a client or broker never learns of another organization's imports.
 */

type Db = Kysely<DB> | Transaction<DB>;

export async function requireConfiguration(
  db: Db,
  principal: Principal,
  eicNo: number,
): Promise<ConfigurationRow> {
  const config = await findConfiguration(db, eicNo);
  if (!config || !canSeeOrganization(principal, config.organizationNo))
    throw notFound('Import configuration');
  return config;
}

export async function requireRun(db: Db, principal: Principal, runId: number): Promise<RunRow> {
  const run = await findRun(db, runId);
  if (!run || !canSeeOrganization(principal, run.organizationNo)) throw notFound('Import run');
  return run;
}
