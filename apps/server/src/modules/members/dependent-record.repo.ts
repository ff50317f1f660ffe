import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope, inOrganizationScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import type { DependentTable } from './members.tables.ts';
import {
  ORGANIZATION_SETTINGS_COLUMNS,
  type OrganizationSettingsRow,
  scopedGroupRows as scopedGroups,
} from '../organizations/index.ts';

/*
 * SQL of a dependent's record. Every read is scoped through the dependent's member: the
 * organization must be granted and the member's group inside the user's groups, so a dependent
 * outside scope, or one that does not belong to the employee in the path, is simply not found.
 */

export interface EmployeeRef extends OrganizationSettingsRow {
  employee_no: number;
  organization_no: number;
  benefit_group_no: number;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
  ssn_encrypted: Uint8Array | null;
  ssn_hash: Uint8Array | null;
  first_name: string;
  middle_initial: string | null;
  last_name: string;
  organization_name: string;
}

/** The employee of the path, inside the principal's scope, with the organization's flags. */
export async function findScopedEmployee(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<EmployeeRef | undefined> {
  return db
    .selectFrom('employee as e')
    .innerJoin('organization as o', 'o.organization_no', 'e.organization_no')
    .select([
      'e.employee_no',
      'e.organization_no',
      'e.benefit_group_no',
      'e.process_status',
      'e.effective_date',
      'e.expiration_date',
      'e.ssn_encrypted',
      'e.ssn_hash',
      'e.first_name',
      'e.middle_initial',
      'e.last_name',
      'o.name as organization_name',
      ...ORGANIZATION_SETTINGS_COLUMNS,
    ])
    .where('e.employee_no', '=', employeeNo)
    .where('e.organization_no', '=', organizationNo)
    .where(inOrganizationScope(principal, 'e.organization_no'))
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'))
    .executeTakeFirst();
}

export type DependentRow = Omit<Selectable<DependentTable>, 'search_name'> & {
  /** The dependent's group: its alternate group or the member's. */
  group_no: number;
  group_id: string;
  group_name: string;
  /** Whether the principal's group scope covers the dependent's group. */
  group_visible: boolean;
};

/** One dependent of the employee; undefined when it is not theirs. */
export async function findDependent(
  db: Kysely<DB>,
  principal: Principal,
  employee: EmployeeRef,
  dependentNo: number,
): Promise<DependentRow | undefined> {
  const row = await db
    .selectFrom('dependent as d')
    .innerJoin('employee as e', 'e.employee_no', 'd.employee_no')
    .innerJoin('benefit_group as g', (join) =>
      join.on(
        sql<boolean>`g.benefit_group_no = coalesce(d.alternate_benefit_group_no, e.benefit_group_no)`,
      ),
    )
    .selectAll('d')
    .select([
      'g.benefit_group_no as group_no',
      'g.benefit_group_id as group_id',
      'g.name as group_name',
      inGroupScope(principal, 'g.organization_no', 'g.benefit_group_no').as('group_visible'),
    ])
    .where('d.dependent_no', '=', dependentNo)
    .where('d.employee_no', '=', employee.employee_no)
    .where('d.organization_no', '=', employee.organization_no)
    .executeTakeFirst();
  if (!row) return undefined;
  const { search_name: _searchName, ...rest } = row;
  return rest;
}

/** Locks the dependent's row for the rest of a write transaction. */
export async function lockDependent(db: Kysely<DB>, dependentNo: number): Promise<void> {
  await db
    .selectFrom('dependent')
    .select('dependent_no')
    .where('dependent_no', '=', dependentNo)
    .forUpdate()
    .execute();
}

export async function insertDependent(
  db: Kysely<DB>,
  values: {
    employee_no: number;
    organization_no: number;
    relationship: number;
    first_name: string;
    middle_initial: string | null;
    last_name: string;
    birthdate: string;
    gender: 'M' | 'F' | 'U';
    ssn_encrypted: Uint8Array | null;
    ssn_hash: Uint8Array | null;
    person_code: number | null;
    effective_date: string;
    original_effective_date: string;
    process_status: number;
    expiration_date: string | null;
    address1: string | null;
    address2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    is_cob_secondary: boolean;
    cob_effective_date: string | null;
    cob_termination_date: string | null;
    client_defined_data: string | null;
    created_by: number;
    updated_by: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('dependent')
    .values(values)
    .returning('dependent_no')
    .executeTakeFirstOrThrow();
  return row.dependent_no;
}

export async function updateDependent(
  db: Kysely<DB>,
  dependentNo: number,
  values: Updateable<DependentTable>,
  userNo: number,
): Promise<void> {
  await db
    .updateTable('dependent')
    .set({ ...values, updated_by: userNo, updated_at: sql`now()` })
    .where('dependent_no', '=', dependentNo)
    .execute();
}

export interface GroupOptionRow {
  benefit_group_no: number;
  benefit_group_id: string;
  name: string;
  process_status: number;
  expiration_date: string | null;
}

/** The organization's groups inside the principal's group scope, by group id. */
export async function listScopedGroups(
  db: Kysely<DB>,
  principal: Principal,
  organizationNo: number,
): Promise<GroupOptionRow[]> {
  return scopedGroups(db, principal, organizationNo)
    .orderBy('g.benefit_group_id')
    .orderBy('g.benefit_group_no')
    .execute();
}
