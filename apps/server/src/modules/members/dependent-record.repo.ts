import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import type { DependentTable } from './members.tables.ts';
import type { ScopedDependentNo } from './members.access.ts';
import {
  type OrganizationSettingsRow,
  scopedGroupRows as scopedGroups,
} from '../organizations/index.ts';

type Db = Kysely<DB> | Transaction<DB>;

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
  db: Db,
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
export async function lockDependent(db: Db, dependentNo: number): Promise<void> {
  await db
    .selectFrom('dependent')
    .select('dependent_no')
    .where('dependent_no', '=', dependentNo)
    .forUpdate()
    .execute();
}

/** A dependent row as a create writes it. */
export interface NewDependent {
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
}

/**
 * Inserts a dependent; answers its number. Use cases call insertScopedDependent
 * (members.access.ts), which answers the new dependent's handle.
 */
export async function insertDependent(db: Db, values: NewDependent): Promise<number> {
  const row = await db
    .insertInto('dependent')
    .values(values)
    .returning('dependent_no')
    .executeTakeFirstOrThrow();
  return row.dependent_no;
}

export async function updateDependent(
  db: Db,
  dependent: ScopedDependentNo,
  values: Updateable<DependentTable>,
  userNo: number,
): Promise<void> {
  await db
    .updateTable('dependent')
    .set({ ...values, updated_by: userNo, updated_at: sql`now()` })
    .where('dependent_no', '=', dependent.dependentNo)
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
