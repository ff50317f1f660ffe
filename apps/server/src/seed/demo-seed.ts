import { sql, type Insertable, type Kysely } from 'kysely';
import { findRole } from '@pillar/domain';
import type { DB } from '../database.ts';
import {
  CONTACT_ROLES,
  EMPLOYER_KINDS,
  FIRST_NAMES,
  GROUP_NAMES,
  LAST_NAMES,
  ORGANIZATION_TYPE_WEIGHTS,
  PLACES,
  UNION_KINDS,
  organizationName,
} from './names.ts';
import { seedFiles } from './files.ts';
import { seedMembers } from './members.ts';
import { seedCoverages } from './coverages.ts';
import { seedMemberPreferences } from './member-preferences.ts';
import { seedClaims } from './claims.ts';
import { seedEvaluateClaimsFile } from './evaluate-claims-file.ts';
import { seedEvaluateClaimsShare } from './evaluate-claims-share.ts';
import { seedDrugReference } from './drug-reference.ts';
import { seedPriorAuth } from './prior-auth.ts';
import { seedPlanInfo } from './plan-info.ts';
import { seedIssues } from './issues.ts';
import { seedClinical } from './clinical.ts';
import { seedImportSchemas } from './import-schemas.ts';
import { seedEvaluate } from './evaluate.ts';
import { seedEvaluateIncumbent } from './evaluate-incumbent.ts';
import { seedTransformations } from './transformations.ts';
import { seedDataMapping } from './data-mapping.ts';
import { seedOrganizationWorkspace } from './organization-workspace.ts';
import { seedUserAdmin } from './users.ts';
import { DEMO_PASSWORD, PERSONAS, type PersonaKey } from './personas.ts';
import { createRandomFor, type SeedContext } from './seed-context.ts';
import { SeededRandom, addDays, addYears } from './random.ts';

// The organizations module's tables, through the composed type (its tables file is private).
type OrganizationTable = DB['organization'];
type OrganizationContactTable = DB['organization_contact'];
type ContactKind = OrganizationContactTable['kind'];
type BenefitGroupTable = DB['benefit_group'];

export interface SeedOptions {
  /** How many organizations; 48 for the demo, 10,000 and more for benchmarks. */
  organizations?: number;
  seed?: number;
  /** The date the data is built around; fixed so every run produces the same rows. */
  today?: string;
  hashPassword: (plain: string) => Promise<string>;
  /** Employees to create across the organizations (benchmarks); the demo default is the area's. */
  employees?: number;
  /** The server's SSN key (ctx.secrets.ssnKey): seeded SSNs are stored encrypted with it. */
  ssnKey: Buffer;
}

export interface SeedResult {
  organizations: number;
  groups: number;
  users: number;
}

/** The first organizations are fixed: personas and tests refer to them by position. */
const ANCHORS = [
  { name: 'Cedar Valley Manufacturing', type: 'Employer', status: 1 },
  { name: 'Harbor Point Teamsters Local 12', type: 'Union', status: 1 },
  { name: 'City of Northfield', type: 'Municipality', status: 1 },
  { name: 'Riverbend Unified School District', type: 'School District', status: 2 },
  { name: 'Summit Ridge Health Partners', type: 'Employer', status: 9 },
] as const;

const CONTACT_KINDS: ContactKind[] = [
  'eligibility',
  'maintenance',
  'invoice',
  'eligibilityVendor',
  'medicalVendor',
];
const VENDORS = [
  'Meridian Eligibility Services',
  'ClearPath Data Exchange',
  'Apex Medical Plans',
  'BlueRiver Health',
];

function pickType(random: SeededRandom): string {
  let roll = random.next();
  for (const [type, weight] of ORGANIZATION_TYPE_WEIGHTS) {
    if (roll < weight) return type;
    roll -= weight;
  }
  return 'Employer';
}

function phone(random: SeededRandom): string {
  return `${random.int(201, 989)}-${random.int(200, 999)}-${random.digits(4)}`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

async function insertInBatches<T extends keyof DB>(
  db: Kysely<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
}

/** Fills an empty database with the demo organizations, groups, contacts and personas. */
export async function seedDemo(db: Kysely<DB>, options: SeedOptions): Promise<SeedResult> {
  const random = new SeededRandom(options.seed ?? 2026);
  const count = Math.max(options.organizations ?? 48, ANCHORS.length);
  const today = options.today ?? '2026-11-01';
  const usedNames = new Set<string>();

  const organizations: Insertable<OrganizationTable>[] = [];
  for (let i = 0; i < count; i++) {
    const anchor = ANCHORS[i];
    const type = anchor?.type ?? pickType(random);
    let name: string = anchor?.name ?? '';
    if (!anchor) {
      const kind = type === 'Union' ? random.pick(UNION_KINDS) : random.pick(EMPLOYER_KINDS);
      name = organizationName(type, random.pick(PLACES), kind, random.int(3, 899));
      // Large benchmark scales run out of combinations; a region keeps names unique.
      for (let n = 2; usedNames.has(name); n++)
        name = `${name.replace(/ \(Region \d+\)$/, '')} (Region ${n})`;
    }
    usedNames.add(name);

    const status = anchor?.status ?? (random.chance(0.72) ? 1 : random.chance(0.5) ? 2 : 9);
    const originalEffective = random.date('2012-01-01', '2024-01-01');
    const effective = random.chance(0.3)
      ? addYears(originalEffective, random.int(1, 2))
      : originalEffective;
    let expiration: string | null = null;
    if (status === 2) expiration = addDays(today, random.int(20, 120));
    if (status === 9) {
      // Most terminations are past; some lie ahead and show as "Active with future termination".
      expiration = random.chance(0.75)
        ? addDays(today, -random.int(30, 1500))
        : addDays(today, random.int(10, 90));
    }
    const minLength = random.chance(0.4) ? random.int(4, 6) : null;
    organizations.push({
      name,
      type,
      process_status: status,
      effective_date: effective,
      expiration_date: expiration,
      original_effective_date: originalEffective,
      use_cob: random.chance(0.4),
      supports_divisions: random.chance(0.35),
      supports_client_defined_data: random.chance(0.5),
      supports_dependent_alternate_group: random.chance(0.3),
      supports_different_dependent_address: random.chance(0.3),
      require_address: random.chance(0.5),
      require_dependent_ssn: random.chance(0.3),
      default_dependent_ssn: random.chance(0.2),
      generate_employee_ssn: random.chance(0.15),
      client_id_minimum_length: minLength,
      client_id_maximum_length: minLength ? minLength + random.int(2, 6) : null,
      pad_client_id_with_leading_zeros: random.chance(0.3),
      ltrim_client_id: random.chance(0.2),
      rtrim_client_id: random.chance(0.2),
      created_by: null,
      updated_by: null,
    });
  }
  await insertInBatches(db, 'organization', organizations);
  const orgRows = await db
    .selectFrom('organization')
    .select(['organization_no', 'name', 'process_status', 'effective_date', 'expiration_date'])
    .orderBy('organization_no')
    .execute();

  const contacts: Insertable<OrganizationContactTable>[] = [];
  const groups: Insertable<BenefitGroupTable>[] = [];
  for (const org of orgRows) {
    const domain = `${slug(org.name).slice(0, 24)}.example`;
    for (const kind of CONTACT_KINDS) {
      if (kind === 'medicalVendor' && random.chance(0.3)) continue;
      const vendor = kind === 'eligibilityVendor' || kind === 'medicalVendor';
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      contacts.push({
        organization_no: org.organization_no,
        kind,
        name: vendor ? random.pick(VENDORS) : `${first} ${last}, ${random.pick(CONTACT_ROLES)}`,
        phone: phone(random),
        email: vendor
          ? `support@${slug(random.pick(VENDORS))}.example`
          : `${slug(first)}.${slug(last)}@${domain}`,
        created_by: null,
        updated_by: null,
      });
    }
    const groupCount = random.int(2, 6);
    const names = [...GROUP_NAMES].sort(() => random.next() - 0.5).slice(0, groupCount);
    names.forEach((groupName, index) => {
      const termed = org.process_status === 9 || (index > 1 && random.chance(0.15));
      groups.push({
        organization_no: org.organization_no,
        benefit_group_id: `${String(org.organization_no).padStart(5, '0')}-${String(index + 1).padStart(2, '0')}`,
        name: groupName,
        process_status: termed ? 9 : 1,
        effective_date: org.effective_date,
        expiration_date: termed
          ? (org.expiration_date ?? addDays(today, -random.int(10, 400)))
          : null,
        dependent_alternate_group_number: random.chance(0.3) ? `ALT${random.digits(5)}` : null,
        created_by: null,
        updated_by: null,
      });
    });
  }
  await insertInBatches(db, 'organization_contact', contacts);
  await insertInBatches(db, 'benefit_group', groups);

  const userNos = new Map<PersonaKey, number>();
  for (const p of PERSONAS) {
    const user = await db
      .insertInto('app_user')
      .values({
        username: p.username,
        first_name: p.firstName,
        last_name: p.lastName,
        phone: phone(random),
        extension: null,
        user_type: p.userType,
        rxb_admin: p.rxbAdmin,
        all_organizations: p.allOrganizations,
        active: true,
        password_hash: await options.hashPassword(DEMO_PASSWORD),
        external_subject: null,
        created_by: null,
        updated_by: null,
      })
      .returning('user_no')
      .executeTakeFirstOrThrow();
    userNos.set(p.key, user.user_no);
    const roleIds = p.roles.map((key) => {
      const role = findRole(key);
      if (!role) throw new Error(`persona ${p.key} names unknown role ${key}`);
      return role.id;
    });
    await db
      .insertInto('user_role')
      .values(roleIds.map((role_id) => ({ user_no: user.user_no, role_id, created_by: null })))
      .execute();
    for (const [position, slot] of (p.organizationSlots ?? []).entries()) {
      const org = orgRows[slot]!;
      const restrict = position === 0 && p.restrictToFirstGroups !== undefined;
      await db
        .insertInto('user_organization')
        .values({
          user_no: user.user_no,
          organization_no: org.organization_no,
          restrict_benefit_groups: restrict,
          created_by: null,
        })
        .execute();
      if (restrict) {
        const first = await db
          .selectFrom('benefit_group')
          .select('benefit_group_no')
          .where('organization_no', '=', org.organization_no)
          .orderBy('benefit_group_no')
          .limit(p.restrictToFirstGroups!)
          .execute();
        await db
          .insertInto('user_benefit_group')
          .values(
            first.map((g) => ({
              user_no: user.user_no,
              organization_no: org.organization_no,
              benefit_group_no: g.benefit_group_no,
              created_by: null,
            })),
          )
          .execute();
      }
    }
  }

  const context: SeedContext = {
    today,
    organizations: orgRows,
    userNos,
    scale: { organizations: count, ...(options.employees ? { employees: options.employees } : {}) },
    randomFor: createRandomFor(options.seed ?? 2026),
    ssnKey: options.ssnKey,
  };
  // Each area seeds its own tables, in dependency order.
  await seedOrganizationWorkspace(db, context);
  await seedMembers(db, context);
  await seedCoverages(db, context);
  await seedMemberPreferences(db, context);
  await seedDrugReference(db);
  await seedClaims(db, context);
  await seedUserAdmin(db, context);
  await seedFiles(db, context);
  await seedPriorAuth(db, context);
  await seedPlanInfo(db, context);
  await seedIssues(db, context);
  await seedClinical(db, context);
  await seedImportSchemas(db, context);
  const opportunityNos = await seedEvaluate(db, context);
  await seedEvaluateIncumbent(db, context, opportunityNos);
  const claimsOpportunity = await seedEvaluateClaimsFile(db, context, opportunityNos);
  await seedEvaluateClaimsShare(db, context, claimsOpportunity);
  await seedTransformations(db, context);
  await seedDataMapping(db, context);
  // Planner statistics now, not whenever autovacuum gets round to it (PGlite has none at all).
  await sql`analyze`.execute(db);

  return { organizations: orgRows.length, groups: groups.length, users: PERSONAS.length };
}

export async function isDatabaseEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db
    .selectFrom('organization')
    .select('organization_no')
    .limit(1)
    .executeTakeFirst();
  return !row;
}
