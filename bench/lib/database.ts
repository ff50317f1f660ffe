import type { Config } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { runScript } from '../../apps/server/src/platform/db/run-script.ts';
import { persona } from '../../apps/server/src/seed/personas.ts';

/** The database the member and organization benchmarks create and drop on a PostgreSQL server. */
export const BENCH_DATABASE = 'pillar_bench';
/**
 * The drug search's own database: `--drugs` loads a 300,000-package directory into the drug
 * table, which a member benchmark's claims reference, so it never shares (or drops) the
 * member database that takes twenty minutes to seed.
 */
export const DRUGS_BENCH_DATABASE = 'pillar_bench_drugs';

const dropStatement = (name: string) => `drop database if exists ${name} with (force)`;

export interface BenchDatabase {
  /** Connection string of `pillar_bench`. */
  url: string;
  serverVersion: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty bench database (`pillar_bench` unless named) on the server `adminUrl` points
 * at, dropping a leftover of an interrupted run first. No other database on that server is read
 * or written.
 */
export async function createBenchDatabase(
  adminUrl: string,
  name: string = BENCH_DATABASE,
): Promise<BenchDatabase> {
  const url = new URL(adminUrl);
  const DROP = dropStatement(name);
  if (decodeURIComponent(url.pathname.slice(1)) === name) {
    throw new Error(
      `DATABASE_URL must name a database other than ${name} (e.g. postgres): the benchmark drops ${name}.`,
    );
  }
  const admin = await openDatabase({ url: adminUrl, pgliteDir: '', poolSize: 1 });
  let serverVersion: string;
  try {
    const setting = await admin.db
      .withTables<{ pg_settings: { name: string; setting: string } }>()
      .selectFrom('pg_settings')
      .select('setting')
      .where('name', '=', 'server_version')
      .executeTakeFirst();
    serverVersion = setting?.setting ?? 'unknown';
    await runScript(admin.db, DROP);
    await runScript(admin.db, `create database ${name}`);
  } finally {
    await admin.close();
  }
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    serverVersion,
    async drop() {
      const again = await openDatabase({ url: adminUrl, pgliteDir: '', poolSize: 1 });
      try {
        await runScript(again.db, DROP);
      } finally {
        await again.close();
      }
    },
  };
}

export interface Dataset {
  organizations: { organizationNo: number; name: string }[];
  superAdminNo: number;
  brokerNo: number;
  /** The agent persona (all organizations), for the agent desktop's scenarios. */
  agentNo: number;
  /** The clinician persona (Protect CDS), for the drug search. */
  clinicianNo: number;
  brokerOrganizationNos: number[];
}

/** Reads what the request mix is drawn from: the seeded names and the personas' user numbers. */
export async function readDataset(database: Config['database']): Promise<Dataset> {
  const opened = await openDatabase(database);
  try {
    const { db } = opened;
    const organizations = await db
      .selectFrom('organization')
      .select(['organization_no', 'name'])
      .orderBy('organization_no')
      .execute();
    const usernames = [
      persona('superAdmin').username,
      persona('broker').username,
      persona('agent').username,
      persona('clinician').username,
    ];
    const users = await db
      .selectFrom('app_user')
      .select(['user_no', 'username'])
      .where('username', 'in', usernames)
      .execute();
    const userNo = (username: string) => {
      const user = users.find((u) => u.username === username);
      if (!user) throw new Error(`seeded database has no user ${username}`);
      return user.user_no;
    };
    const brokerNo = userNo(persona('broker').username);
    const grants = await db
      .selectFrom('user_organization')
      .select('organization_no')
      .where('user_no', '=', brokerNo)
      .execute();
    return {
      organizations: organizations.map((o) => ({
        organizationNo: o.organization_no,
        name: o.name,
      })),
      superAdminNo: userNo(persona('superAdmin').username),
      brokerNo,
      agentNo: userNo(persona('agent').username),
      clinicianNo: userNo(persona('clinician').username),
      brokerOrganizationNos: grants.map((g) => g.organization_no),
    };
  } finally {
    await opened.close();
  }
}
