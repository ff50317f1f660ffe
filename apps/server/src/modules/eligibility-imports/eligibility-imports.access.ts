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

/**
 * A user restricted to some groups of the organization (decision 0138) sees only the runs they
 * started: a run's changes were compared under its starter's groups, and another user's run may
 * name members of groups this user may not see.
 */
export function seesOwnRunsOnly(principal: Principal, organizationNo: number): boolean {
  return principal.organizations !== 'all' && principal.restrictedGroups.has(organizationNo);
}

export async function requireRun(db: Db, principal: Principal, runId: number): Promise<RunRow> {
  const run = await findRun(db, runId);
  if (
    !run ||
    !canSeeOrganization(principal, run.organizationNo) ||
    (seesOwnRunsOnly(principal, run.organizationNo) && run.createdByNo !== principal.userNo)
  )
    throw notFound('Import run');
  return run;
}
