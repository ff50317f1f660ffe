import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { issueScoped, type Scoped } from '../../platform/access/scoped.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import {
  dependentOfEmployee,
  employeeVisible,
  findEmployee,
  insertEmployee,
  visibleEmployeeOrganization,
  type EmployeeRecordRow,
} from './member-record.repo.ts';
import {
  findDependent,
  insertDependent,
  type DependentRow,
  type NewDependent,
} from './dependent-record.repo.ts';
import type { EmployeeTable } from './members.tables.ts';

/*
 * The members module's access checks (decision 0095). Each checks the principal's organization
 * and group scope in SQL once, answers 404 outside it exactly like a member or dependent that
 * does not exist, and returns the handle the repository functions of one member or dependent
 * take. The handle carries the row the check loaded, so a use case does not read it twice.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** A member (employee) in the principal's scope: what every repository function of one member takes. */
export type ScopedEmployeeNo = Scoped<'employee', { employeeNo: number }>;

/** The same, checked on the member record's path (its organization), with the record's row. */
export type ScopedEmployee = Scoped<
  'employee',
  { employeeNo: number; organizationNo: number; row: EmployeeRecordRow }
>;

/** A dependent of a member in scope: what every repository function of one dependent takes. */
export type ScopedDependentNo = Scoped<'dependent', { employeeNo: number; dependentNo: number }>;

/** The same, checked on the dependent record's path, with the dependent's row. */
export type ScopedDependent = Scoped<
  'dependent',
  { employeeNo: number; dependentNo: number; organizationNo: number; row: DependentRow }
>;

/** The employee of the organization in the path, inside the principal's groups; else 404. */
export async function requireEmployee(
  db: Db,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
): Promise<ScopedEmployee> {
  const row = await findEmployee(db, principal, organizationNo, employeeNo);
  if (!row) throw notFound('Member');
  return issueScoped('employee', { employeeNo, organizationNo, row });
}

/** An employee in the principal's scope, whatever its organization (the change-history read). */
export async function requireVisibleEmployee(
  db: Db,
  principal: Principal,
  employeeNo: number,
): Promise<ScopedEmployeeNo> {
  if (!(await employeeVisible(db, principal, employeeNo))) throw notFound('Member');
  return issueScoped('employee', { employeeNo });
}

/** A member in the principal's scope, with the organization it was found in. */
export type ScopedEmployeeOfOrganization = Scoped<
  'employee',
  { employeeNo: number; organizationNo: number }
>;

/**
 * An employee in the principal's scope found by number alone, with its organization (a PBC
 * asked for by member): one statement, the same 404 'Member' for one that does not exist.
 */
export async function requireEmployeeByNumber(
  db: Db,
  principal: Principal,
  employeeNo: number,
): Promise<ScopedEmployeeOfOrganization> {
  const organizationNo = await visibleEmployeeOrganization(db, principal, employeeNo);
  if (organizationNo === undefined) throw notFound('Member');
  return issueScoped('employee', { employeeNo, organizationNo });
}

/**
 * The member this transaction has just inserted: its organization and group were checked before
 * the insert, so the new row is in scope by construction.
 */
export async function insertScopedEmployee(
  trx: Db,
  values: Insertable<EmployeeTable> & { employee_no: number },
): Promise<ScopedEmployeeNo> {
  await insertEmployee(trx, values);
  return issueScoped('employee', { employeeNo: values.employee_no });
}

/** A dependent of the (already checked) member, with its row; else 404. */
export async function requireDependent(
  db: Db,
  principal: Principal,
  employee: ScopedEmployee,
  dependentNo: number,
): Promise<ScopedDependent> {
  const row = await findDependent(db, principal, employee.row, dependentNo);
  if (!row) throw notFound('Dependent');
  return issueScoped('dependent', {
    employeeNo: employee.employeeNo,
    dependentNo,
    organizationNo: employee.organizationNo,
    row,
  });
}

/**
 * The dependent this transaction has just inserted under a member in scope: in scope by
 * construction, like the member it belongs to.
 */
export async function insertScopedDependent(
  trx: Db,
  employee: ScopedEmployee,
  values: NewDependent,
): Promise<ScopedDependentNo> {
  const dependentNo = await insertDependent(trx, values);
  return issueScoped('dependent', { employeeNo: employee.employeeNo, dependentNo });
}

/** A dependent of the (already checked) member, by number only (the change-history read). */
export async function requireDependentOf(
  db: Db,
  employee: ScopedEmployeeNo,
  dependentNo: number,
): Promise<ScopedDependentNo> {
  if (!(await dependentOfEmployee(db, employee.employeeNo, dependentNo))) {
    throw notFound('Dependent');
  }
  return issueScoped('dependent', { employeeNo: employee.employeeNo, dependentNo });
}
