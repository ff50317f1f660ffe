import type { Kysely } from 'kysely';
import type { AorRecord, GroupInformation, PbcTier } from '@pillar/domain';
import { aorExpirationDate } from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { ScopedEmployee } from '../members/index.ts';
import { organizationNameOf, type ScopedOrganization } from '../organizations/index.ts';

/*
 * The plan information tables' SQL. Every read takes the handle of an organization or member the
 * caller's scope was already checked against (decision 0095), so nothing here reads across it.
 */

/** Everything the group information block shows; empty parts when nothing was recorded. */
export async function groupInformationOf(
  db: Kysely<DB>,
  organization: ScopedOrganization,
): Promise<GroupInformation> {
  const org = organization.organizationNo;
  const [info, programs, materials, notes, changes] = await Promise.all([
    db
      .selectFrom('group_info')
      .select([
        'account_manager',
        'strategic_account_executive',
        'brokerage_firm',
        'medical_vendor',
        'plan_no',
        'formulary',
        'dispense_as_written',
      ])
      .where('organization_no', '=', org)
      .executeTakeFirst(),
    programsOf(db, organization),
    db
      .selectFrom('group_info_material')
      .select(['material_no', 'title', 'category', 'description', 'updated_date'])
      .where('organization_no', '=', org)
      .orderBy('category')
      .orderBy('title')
      .execute(),
    db
      .selectFrom('group_info_plan_note')
      .select(['note_no', 'note', 'note_date', 'author_name'])
      .where('organization_no', '=', org)
      .orderBy('note_date', 'desc')
      .orderBy('note_no', 'desc')
      .execute(),
    db
      .selectFrom('group_info_plan_change')
      .select(['change_no', 'effective_date', 'description'])
      .where('organization_no', '=', org)
      .orderBy('effective_date', 'desc')
      .orderBy('change_no', 'desc')
      .execute(),
  ]);
  return {
    organizationNo: org,
    contacts: {
      accountManager: info?.account_manager ?? null,
      strategicAccountExecutive: info?.strategic_account_executive ?? null,
      brokerageFirm: info?.brokerage_firm ?? null,
      medicalVendor: info?.medical_vendor ?? null,
      planNo: info?.plan_no ?? null,
    },
    materials: materials.map((m) => ({
      materialNo: m.material_no,
      title: m.title,
      category: m.category,
      description: m.description,
      updatedDate: m.updated_date,
    })),
    programs: {
      formulary: info?.formulary ?? null,
      dispenseAsWritten: info?.dispense_as_written ?? null,
      others: programs,
    },
    planNotes: notes.map((n) => ({
      noteNo: n.note_no,
      note: n.note,
      createdDate: n.note_date,
      createdByName: n.author_name,
    })),
    planChanges: changes.map((c) => ({
      changeNo: c.change_no,
      effectiveDate: c.effective_date,
      description: c.description,
    })),
  };
}

/** The organization's programs besides the formulary and DAW (mail order, specialty, ...). */
export async function programsOf(
  db: Kysely<DB>,
  organization: ScopedOrganization,
): Promise<{ name: string; description: string | null }[]> {
  return db
    .selectFrom('group_info_program')
    .select(['name', 'description'])
    .where('organization_no', '=', organization.organizationNo)
    .orderBy('program_no')
    .execute();
}

export interface PlanBenefitContent {
  organizationName: string;
  planName: string;
  effectiveDate: string;
  expirationDate: string | null;
  formulary: string;
  dawRule: string;
  deductible: string | null;
  outOfPocketMax: string | null;
  tiers: PbcTier[];
}

/** The organization's plan benefit content in effect on `today`, the latest first; or none. */
export async function planBenefitContentOf(
  db: Kysely<DB>,
  organization: ScopedOrganization,
  today: string,
): Promise<PlanBenefitContent | undefined> {
  const row = await db
    .selectFrom('plan_benefit_content as p')
    .select([
      'p.pbc_no',
      organizationNameOf('p.organization_no').as('organization_name'),
      'p.plan_name',
      'p.effective_date',
      'p.expiration_date',
      'p.formulary',
      'p.daw_rule',
      'p.deductible',
      'p.out_of_pocket_max',
    ])
    .where('p.organization_no', '=', organization.organizationNo)
    .where('p.effective_date', '<=', today)
    .where((eb) =>
      eb.or([eb('p.expiration_date', 'is', null), eb('p.expiration_date', '>=', today)]),
    )
    .orderBy('p.effective_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const tiers = await db
    .selectFrom('plan_benefit_tier')
    .select(['tier', 'name', 'retail_copay', 'mail_copay', 'coinsurance'])
    .where('pbc_no', '=', row.pbc_no)
    .orderBy('tier')
    .execute();
  return {
    organizationName: row.organization_name,
    planName: row.plan_name,
    effectiveDate: row.effective_date,
    expirationDate: row.expiration_date,
    formulary: row.formulary,
    dawRule: row.daw_rule,
    deductible: row.deductible,
    outOfPocketMax: row.out_of_pocket_max,
    tiers: tiers.map((t) => ({
      tier: t.tier,
      name: t.name,
      retailCopay: t.retail_copay,
      mailCopay: t.mail_copay,
      coinsurance: t.coinsurance,
    })),
  };
}

/**
 * The member's (or, with `dependentNo`, the dependent's) AORs recorded under that member ID,
 * newest signature first. A dependent number that is not the member's simply matches no row.
 */
export async function aorsOf(
  db: Kysely<DB>,
  member: ScopedEmployee,
  memberId: string,
  dependentNo: number | undefined,
): Promise<AorRecord[]> {
  let query = db
    .selectFrom('aor_signature')
    .select([
      'aor_no',
      'representative_name',
      'representative_address',
      'member_dob',
      'member_sign_date',
      'member_id',
    ])
    .where('organization_no', '=', member.organizationNo)
    .where('employee_no', '=', member.employeeNo)
    .where('member_id', '=', memberId);
  query =
    dependentNo === undefined
      ? query.where('dependent_no', 'is', null)
      : query.where('dependent_no', '=', dependentNo);
  const rows = await query.orderBy('member_sign_date', 'desc').orderBy('aor_no', 'desc').execute();
  return rows.map((r) => ({
    aorNo: r.aor_no,
    representativeName: r.representative_name,
    representativeAddress: r.representative_address,
    memberDOB: r.member_dob,
    memberSignDate: r.member_sign_date,
    memberID: r.member_id,
    expirationDate: aorExpirationDate(r.member_sign_date),
  }));
}
