import { sql, type Kysely } from 'kysely';
import { crmStageName, stageFromCrmName, type CrmOpportunity } from '@pillar/domain';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../database.ts';

/**
 * The built-in CRM's statements (decision 0114): its opportunities with their employer and
 * broker accounts, owner and financial analyst, as the Salesforce adapter reads them.
 */

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

function opportunities(db: Kysely<DB>) {
  return db
    .selectFrom('crm_opportunity as o')
    .innerJoin('crm_account as a', 'a.crm_account_no', 'o.account_no')
    .leftJoin('crm_account as b', 'b.crm_account_no', 'o.broker_account_no')
    .leftJoin('crm_user as ow', 'ow.crm_user_no', 'o.owner_user_no')
    .leftJoin('crm_user as fa', 'fa.crm_user_no', 'o.fa_user_no')
    .selectAll('o')
    .select([
      'a.name as employer',
      'b.name as broker',
      'ow.name as owner_name',
      'ow.email as owner_email',
      'fa.name as fa_name',
      'fa.email as fa_email',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof opportunities>['executeTakeFirstOrThrow']>>;

function toOpportunity(r: Row): CrmOpportunity {
  return {
    sfId: r.sf_id,
    name: r.name,
    employer: r.employer,
    broker: r.broker,
    owner: r.owner_name ? { name: r.owner_name, email: r.owner_email } : null,
    fa: r.fa_name ? { name: r.fa_name, email: r.fa_email } : null,
    spa: r.spa,
    stage: stageFromCrmName(r.stage_name),
    stageName: r.stage_name,
    employees: r.employees,
    members: r.members,
    incumbentPbm: r.incumbent_pbm,
    tpa: r.tpa,
    medVendor: r.med_vendor,
    targetEffectiveDate: r.target_effective_date,
    erisa: r.erisa,
    strategicGroup: r.strategic_group,
    inHousePharmacyName: r.in_house_pharmacy_name,
    npiNumber: r.npi_number,
    nabpNumber: r.nabp_number,
    analysisDueFromFA: r.analysis_due_from_fa,
    analysisDueDate: r.analysis_due_date,
    lastModifiedAt: iso(r.last_modified_at),
  };
}

export async function searchCrmOpportunities(
  db: Kysely<DB>,
  employerName: string,
  limit: number,
): Promise<CrmOpportunity[]> {
  const pattern = likePattern(employerName);
  const rows = await opportunities(db)
    .where((eb) =>
      eb.or([
        eb(sql`lower(a.name)`, 'like', sql`lower(${pattern})`),
        eb(sql`lower(o.name)`, 'like', sql`lower(${pattern})`),
      ]),
    )
    .orderBy(sql`lower(a.name)`)
    .orderBy('o.sf_id')
    .limit(limit)
    .execute();
  return rows.map(toOpportunity);
}

/** By ID: an 18-character ID names its record; a 15-character one its case-sensitive prefix. */
export async function findCrmOpportunity(
  db: Kysely<DB>,
  sfId: string,
): Promise<CrmOpportunity | null> {
  const row = await opportunities(db)
    .where(sql`left(o.sf_id, 15)`, '=', sfId.slice(0, 15))
    .executeTakeFirst();
  return row ? toOpportunity(row) : null;
}

export interface CrmSeedOpportunity {
  sfId: string;
  name: string;
  employer: { sfId: string; name: string };
  broker: { sfId: string; name: string } | null;
  owner: { sfId: string; name: string; email: string } | null;
  fa: { sfId: string; name: string; email: string } | null;
  spa: string | null;
  stage: number;
  employees: number | null;
  members: number | null;
  incumbentPbm: string | null;
  tpa: string | null;
  medVendor: string | null;
  targetEffectiveDate: string | null;
  erisa: boolean | null;
  strategicGroup: string | null;
  inHousePharmacyName: string | null;
  npiNumber: string | null;
  nabpNumber: string | null;
  analysisDueFromFA: string | null;
  analysisDueDate: string | null;
}

/**
 * Writes opportunities into the built-in CRM (the demo seed and tests: the CRM's own data
 * entry is Salesforce's screens, not ours). Accounts and users are shared by their IDs.
 */
export async function insertCrmOpportunities(
  db: Kysely<DB>,
  items: readonly CrmSeedOpportunity[],
): Promise<void> {
  if (items.length === 0) return;
  const accounts = new Map<string, { sf_id: string; name: string; kind: 'employer' | 'broker' }>();
  const users = new Map<string, { sf_id: string; name: string; email: string }>();
  for (const o of items) {
    accounts.set(o.employer.sfId, {
      sf_id: o.employer.sfId,
      name: o.employer.name,
      kind: 'employer',
    });
    if (o.broker)
      accounts.set(o.broker.sfId, { sf_id: o.broker.sfId, name: o.broker.name, kind: 'broker' });
    for (const u of [o.owner, o.fa])
      if (u) users.set(u.sfId, { sf_id: u.sfId, name: u.name, email: u.email });
  }
  await db
    .insertInto('crm_account')
    .values([...accounts.values()])
    .onConflict((oc) => oc.column('sf_id').doNothing())
    .execute();
  if (users.size > 0) {
    await db
      .insertInto('crm_user')
      .values([...users.values()])
      .onConflict((oc) => oc.column('sf_id').doNothing())
      .execute();
  }
  const accountNos = new Map(
    (
      await db
        .selectFrom('crm_account')
        .select(['sf_id', 'crm_account_no'])
        .where('sf_id', 'in', [...accounts.keys()])
        .execute()
    ).map((r) => [r.sf_id, r.crm_account_no]),
  );
  const userNos =
    users.size === 0
      ? new Map<string, number>()
      : new Map(
          (
            await db
              .selectFrom('crm_user')
              .select(['sf_id', 'crm_user_no'])
              .where('sf_id', 'in', [...users.keys()])
              .execute()
          ).map((r) => [r.sf_id, r.crm_user_no]),
        );
  await db
    .insertInto('crm_opportunity')
    .values(
      items.map((o) => ({
        sf_id: o.sfId,
        name: o.name,
        account_no: accountNos.get(o.employer.sfId)!,
        broker_account_no: o.broker ? (accountNos.get(o.broker.sfId) ?? null) : null,
        owner_user_no: o.owner ? (userNos.get(o.owner.sfId) ?? null) : null,
        fa_user_no: o.fa ? (userNos.get(o.fa.sfId) ?? null) : null,
        spa: o.spa,
        stage_name: crmStageName(o.stage),
        employees: o.employees,
        members: o.members,
        incumbent_pbm: o.incumbentPbm,
        tpa: o.tpa,
        med_vendor: o.medVendor,
        target_effective_date: o.targetEffectiveDate,
        erisa: o.erisa,
        strategic_group: o.strategicGroup,
        in_house_pharmacy_name: o.inHousePharmacyName,
        npi_number: o.npiNumber,
        nabp_number: o.nabpNumber,
        analysis_due_from_fa: o.analysisDueFromFA,
        analysis_due_date: o.analysisDueDate,
      })),
    )
    .execute();
}

/** Changes an opportunity's stage in the built-in CRM (what a salesperson does in Salesforce). */
export async function setCrmStage(db: Kysely<DB>, sfId: string, stage: number): Promise<void> {
  await db
    .updateTable('crm_opportunity')
    .set({ stage_name: crmStageName(stage), last_modified_at: sql<Date>`now()` })
    .where(sql`left(sf_id, 15)`, '=', sfId.slice(0, 15))
    .execute();
}
