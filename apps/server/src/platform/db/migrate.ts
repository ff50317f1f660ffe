import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as m0001 from './migrations/0001-platform.ts';
import * as m0002 from './migrations/0002-organization-workspace.ts';
import * as m0003 from './migrations/0003-members.ts';
import * as m0004 from './migrations/0004-user-admin.ts';
import * as m0005 from './migrations/0005-files.ts';
import * as m0006 from './migrations/0006-member-record.ts';
import * as m0007 from './migrations/0007-coverages-id-cards.ts';
import * as m0008 from './migrations/0008-auth-sessions-throttle.ts';
import * as m0009 from './migrations/0009-prior-auth.ts';
import * as m0010 from './migrations/0010-claims.ts';
import * as m0011 from './migrations/0011-member-preferences.ts';
import * as m0012 from './migrations/0012-plan-info.ts';
import * as m0013 from './migrations/0013-issues.ts';
import * as m0014 from './migrations/0014-birthdate-name-indexes.ts';
import * as m0015 from './migrations/0015-drug-reference.ts';
import * as m0016 from './migrations/0016-clinical.ts';
import * as m0017 from './migrations/0017-member-search-table.ts';
import * as m0018 from './migrations/0018-import-schemas.ts';
import * as m0019 from './migrations/0019-evaluate.ts';
import * as m0020 from './migrations/0020-evaluate-incumbent.ts';
import * as m0021 from './migrations/0021-transformations.ts';
import * as m0022 from './migrations/0022-data-mapping.ts';
import * as m0023 from './migrations/0023-eligibility-import-runs.ts';
import * as m0024 from './migrations/0024-claims-files.ts';
import * as m0025 from './migrations/0025-fa-jobs.ts';
import * as m0026 from './migrations/0026-rate-cards.ts';
import * as m0027 from './migrations/0027-eligibility-import-ssn.ts';
import * as m0028 from './migrations/0028-eligibility-exports.ts';
import * as m0029 from './migrations/0029-eligibility-staging-hash-only.ts';
import * as m0030 from './migrations/0030-eligibility-import-full-file.ts';
import * as m0031 from './migrations/0031-fa-grid-versions.ts';
import * as m0032 from './migrations/0032-claims-file-seed-content.ts';
import * as m0033 from './migrations/0033-data-mapping-seed-content.ts';
import * as m0034 from './migrations/0034-member-search-statement-triggers.ts';
import * as m0035 from './migrations/0035-eligibility-staging-set-based-checks.ts';
import * as m0036 from './migrations/0036-rate-card-formularies.ts';
import * as m0037 from './migrations/0037-claims-shares.ts';
import * as m0038 from './migrations/0038-price-files.ts';
import * as m0039 from './migrations/0039-member-batch-writes.ts';
import * as m0040 from './migrations/0040-member-search-without-employee-index.ts';
import * as m0041 from './migrations/0041-eligibility-apply-lanes.ts';

/**
 * Migrations are imported, not read from disk, so the list is checked by the type checker and
 * bundles with the server. Add new ones at the end; never edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-platform': m0001,
  '0002-organization-workspace': m0002,
  '0003-members': m0003,
  '0004-user-admin': m0004,
  '0005-files': m0005,
  '0006-member-record': m0006,
  '0007-coverages-id-cards': m0007,
  '0008-auth-sessions-throttle': m0008,
  '0009-prior-auth': m0009,
  '0010-claims': m0010,
  '0011-member-preferences': m0011,
  '0012-plan-info': m0012,
  '0013-issues': m0013,
  '0014-birthdate-name-indexes': m0014,
  '0015-drug-reference': m0015,
  '0016-clinical': m0016,
  '0017-member-search-table': m0017,
  '0018-import-schemas': m0018,
  '0019-evaluate': m0019,
  '0020-evaluate-incumbent': m0020,
  '0021-transformations': m0021,
  '0022-data-mapping': m0022,
  '0023-eligibility-import-runs': m0023,
  '0024-claims-files': m0024,
  '0025-fa-jobs': m0025,
  '0026-rate-cards': m0026,
  '0027-eligibility-import-ssn': m0027,
  '0028-eligibility-exports': m0028,
  '0029-eligibility-staging-hash-only': m0029,
  '0030-eligibility-import-full-file': m0030,
  '0031-fa-grid-versions': m0031,
  '0032-claims-file-seed-content': m0032,
  '0033-data-mapping-seed-content': m0033,
  '0034-member-search-statement-triggers': m0034,
  '0035-eligibility-staging-set-based-checks': m0035,
  '0036-rate-card-formularies': m0036,
  '0037-claims-shares': m0037,
  '0038-price-files': m0038,
  '0039-member-batch-writes': m0039,
  '0040-member-search-without-employee-index': m0040,
  '0041-eligibility-apply-lanes': m0041,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types hold
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Numbers are handed out ahead of time, so one may land after a higher one has run (0029 after
  // 0030-0033): it runs then, in name order with any others pending.
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
