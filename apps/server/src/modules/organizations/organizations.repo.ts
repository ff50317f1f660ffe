import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import {
  isOrganizationOpen,
  type BenefitGroupOption,
  type Contact,
  type OrganizationMemberSettings,
  type FileOrganizationOption,
  type FileOrganizationQuery,
  type OrganizationDetail,
  type OrganizationSearchQuery,
  type OrganizationSummary,
  type Page,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inOrganizationScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import type { ContactKind, OrganizationTable } from './organizations.tables.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import { settingsOf } from './organization-settings.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';

/**
 * The organization's name for a caller's own statement (issue 11 item 2): a correlated subquery
 * on the caller's `organization_no` column (`'e.organization_no'`), so another module's search
 * stays one statement and the table's name is still written only here. `lower` gives the form
 * lists sort by.
 */
export function organizationNameOf(
  organizationNo: string,
  options: { lower?: boolean } = {},
): RawBuilder<string> {
  const name = options.lower ? sql`lower(o.name)` : sql`o.name`;
  return sql<string>`(select ${name} from organization o where o.organization_no = ${sql.ref(organizationNo)})`;
}

type OrganizationRow = Selectable<OrganizationTable>;

function toSummary(
  row: Pick<
    OrganizationRow,
    'organization_no' | 'name' | 'type' | 'process_status' | 'effective_date' | 'expiration_date'
  >,
): OrganizationSummary {
  return {
    organizationNo: row.organization_no,
    name: row.name,
    type: row.type,
    processStatus: row.process_status,
    effectiveDate: row.effective_date,
    expirationDate: row.expiration_date,
  };
}

export async function searchOrganizations(
  db: Kysely<DB>,
  principal: Principal,
  query: OrganizationSearchQuery,
): Promise<Page<OrganizationSummary>> {
  let q = db
    .selectFrom('organization as o')
    .select([
      'o.organization_no',
      'o.name',
      'o.type',
      'o.process_status',
      'o.effective_date',
      'o.expiration_date',
    ])
    .where(inOrganizationScope(principal, 'o.organization_no'));
  if (query.name) q = q.where(sql<boolean>`lower(o.name) like lower(${likePattern(query.name)})`);
  if (query.processStatus !== undefined) q = q.where('o.process_status', '=', query.processStatus);
  // Dates filter "on or after" the effective date and "on or before" the termination date.
  if (query.effectiveDate) q = q.where('o.effective_date', '>=', query.effectiveDate);
  if (query.expirationDate) q = q.where('o.expiration_date', '<=', query.expirationDate);

  return fetchPage(q, query, {
    sortColumns: {
      name: sql`lower(o.name)`,
      type: sql`o.type`,
      effectiveDate: sql`o.effective_date`,
      processStatus: sql`o.process_status`,
    },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`o.organization_no`,
    map: toSummary,
  });
}

export async function findOrganization(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<OrganizationDetail | undefined> {
  const row = await db
    .selectFrom('organization as o')
    .selectAll('o')
    .where('o.organization_no', '=', organizationNo)
    .where(inOrganizationScope(principal, 'o.organization_no'))
    .executeTakeFirst();
  if (!row) return undefined;
  const contacts = await db
    .selectFrom('organization_contact')
    .select(['kind', 'name', 'phone', 'email'])
    .where('organization_no', '=', organizationNo)
    .execute();
  const byKind = new Map<ContactKind, Contact>(
    contacts.map((c) => [c.kind, { name: c.name, phone: c.phone, email: c.email }]),
  );
  const contactOf = (kind: ContactKind) => byKind.get(kind) ?? null;
  return {
    ...toSummary(row),
    originalEffectiveDate: row.original_effective_date,
    eligibilityContact: contactOf('eligibility'),
    maintenanceContact: contactOf('maintenance'),
    invoiceContact: contactOf('invoice'),
    eligibilityVendor: contactOf('eligibilityVendor'),
    medicalVendorContact: contactOf('medicalVendor'),
    ...settingsOf(row),
  };
}

/**
 * True when the organization exists and lies in the principal's scope: the one check behind
 * every "organization outside your scope answers 404" (decision 0092).
 */
export async function organizationVisible(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('organization as o')
    .select('o.organization_no')
    .where('o.organization_no', '=', organizationNo)
    .where(inOrganizationScope(principal, 'o.organization_no'))
    .executeTakeFirst();
  return row !== undefined;
}

// ---------- look-ups for other modules (their only way to these tables) ----------

/** Names of the given organizations, for history rows people can read. */
export async function organizationNames(
  db: Kysely<DB>,
  organizationNos: readonly number[],
): Promise<Map<number, string>> {
  if (!organizationNos.length) return new Map();
  const rows = await db
    .selectFrom('organization')
    .select(['organization_no', 'name'])
    .where('organization_no', 'in', [...new Set(organizationNos)])
    .execute();
  return new Map(rows.map((r) => [r.organization_no, r.name]));
}

/** Name and open state (on `today`) of the given organizations; unknown ones are absent. */
export async function organizationStates(
  db: Kysely<DB>,
  organizationNos: readonly number[],
  today: string,
): Promise<Map<number, { name: string; open: boolean }>> {
  const states = new Map<number, { name: string; open: boolean }>();
  if (!organizationNos.length) return states;
  const rows = await db
    .selectFrom('organization')
    .select(['organization_no', 'name', 'process_status', 'expiration_date'])
    .where('organization_no', 'in', [...new Set(organizationNos)])
    .execute();
  for (const row of rows) {
    states.set(row.organization_no, {
      name: row.name,
      open: isOrganizationOpen(row.process_status, row.expiration_date, today),
    });
  }
  return states;
}

/** Each given group's organization number; unknown groups are absent. */
export async function organizationsOfGroups(
  db: Kysely<DB>,
  groupNos: readonly number[],
): Promise<Map<number, number>> {
  if (!groupNos.length) return new Map();
  const rows = await db
    .selectFrom('benefit_group')
    .select(['benefit_group_no', 'organization_no'])
    .where('benefit_group_no', 'in', [...new Set(groupNos)])
    .execute();
  return new Map(rows.map((row) => [row.benefit_group_no, row.organization_no]));
}

/** The groups of an organization, optionally only some of them, by name. */
export async function benefitGroupOptions(
  db: Kysely<DB>,
  organizationNo: number,
  only?: ReadonlySet<number>,
): Promise<BenefitGroupOption[]> {
  if (only && only.size === 0) return [];
  let q = db
    .selectFrom('benefit_group')
    .select(['benefit_group_no', 'benefit_group_id', 'name', 'process_status'])
    .where('organization_no', '=', organizationNo);
  if (only) q = q.where('benefit_group_no', 'in', [...only]);
  const rows = await q
    .orderBy(sql`lower(name)`)
    .orderBy('benefit_group_no')
    .execute();
  return rows.map((row) => ({
    id: row.benefit_group_no,
    benefitGroupId: row.benefit_group_id,
    name: row.name,
    processStatus: row.process_status,
  }));
}

/** The principal's organizations by name (a picker's options), a page at a time. */
export async function searchOrganizationOptions(
  db: Kysely<DB>,
  principal: Principal,
  query: FileOrganizationQuery,
): Promise<Page<FileOrganizationOption>> {
  let q = db
    .selectFrom('organization as o')
    .select(['o.organization_no', 'o.name'])
    .where(inOrganizationScope(principal, 'o.organization_no'));
  if (query.name) q = q.where(sql<boolean>`lower(o.name) like lower(${likePattern(query.name)})`);
  return fetchPage(q, query, {
    sortColumns: { name: sql`lower(o.name)` },
    defaultSort: { field: 'name', direction: 'asc' },
    tieBreaker: sql`o.organization_no`,
    map: (row) => ({ organizationNo: row.organization_no, name: row.name }),
  });
}

/**
 * Organizations (`o`) with what an option shows, as the base of another module's statement: the
 * users module filters them by its own grants (the target's and the caller's) and pages them.
 */
export function organizationOptionRows(db: Kysely<DB>) {
  return db
    .selectFrom('organization as o')
    .select(['o.organization_no', 'o.name', 'o.process_status', 'o.expiration_date']);
}

/** Whether the organization exists, whoever asks (the caller's scope is checked elsewhere). */
export async function organizationExists(db: Kysely<DB>, organizationNo: number): Promise<boolean> {
  const row = await db
    .selectFrom('organization')
    .select('organization_no')
    .where('organization_no', '=', organizationNo)
    .executeTakeFirst();
  return row !== undefined;
}

/** The Group IDs of benefit groups, in order. */
export async function benefitGroupIds(
  db: Kysely<DB>,
  benefitGroupNos: readonly number[],
): Promise<string[]> {
  if (!benefitGroupNos.length) return [];
  const rows = await db
    .selectFrom('benefit_group')
    .select('benefit_group_id')
    .where('benefit_group_no', 'in', [...benefitGroupNos])
    .orderBy('benefit_group_id')
    .execute();
  return rows.map((r) => r.benefit_group_id);
}

export interface OrganizationForMembers {
  organizationNo: number;
  name: string;
  processStatus: number;
  expirationDate: string | null;
  settings: OrganizationMemberSettings;
}

/** The organization (in scope) and the flags its member forms follow. */
export async function findOrganizationForMembers(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<OrganizationForMembers | undefined> {
  const row = await db
    .selectFrom('organization as o')
    .where('o.organization_no', '=', organizationNo)
    .where(inOrganizationScope(principal, 'o.organization_no'))
    .selectAll('o')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    organizationNo: row.organization_no,
    name: row.name,
    processStatus: row.process_status,
    expirationDate: row.expiration_date,
    settings: settingsOf(row),
  };
}
