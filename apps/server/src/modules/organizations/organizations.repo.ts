import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  Contact,
  OrganizationDetail,
  OrganizationSearchQuery,
  OrganizationSummary,
  Page,
} from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { inOrganizationScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import type { ContactKind, OrganizationTable } from './organizations.tables.ts';
import { fetchPage } from '../../platform/http/paging.ts';
import { settingsOf } from './organization-settings.ts';
import { likePattern } from '../../platform/db/like-pattern.ts';

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
