import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Principal } from '../../platform/auth/principal.ts';
import { inGroupScope } from '../../platform/auth/scope.ts';
import type { DB } from '../../database.ts';
import { benefitGroupColumnOf, ORGANIZATION_SETTINGS_COLUMNS } from '../organizations/index.ts';
import {
  benefitPackageColumnOf,
  divisionColumnOf,
  groupIncentivePrograms,
} from '../organization-workspace/index.ts';
import type { EmployeeTable, MemberIncentiveProgramTable } from './members.tables.ts';
import type { ScopedDependentNo, ScopedEmployeeNo } from './members.access.ts';

/*
 * SQL of the employee record and its lifecycle. Every read of an employee is scoped by the
 * principal's organizations and groups (platform/auth/scope.ts): a member outside them is simply
 * not found.
 */

type Db = Kysely<DB> | Transaction<DB>;

/*
 * Divisions and benefit packages are the organization workspace's tables: the member record
 * reads and adds them through that module (its index.ts), as before under these names.
 */
export {
  findBenefitPackage,
  findDivision,
  findDivisionById,
  insertDivision,
} from '../organization-workspace/index.ts';

/** One employee with its organization, group, division and benefit package, in scope. */
export async function findEmployee(
  db: Db,
  principal: Principal,
  organizationNo: number,
  employeeNo: number,
) {
  return db
    .selectFrom('employee as e')
    .innerJoin('organization as o', 'o.organization_no', 'e.organization_no')
    .innerJoin('benefit_group as g', 'g.benefit_group_no', 'e.benefit_group_no')
    .leftJoin('division as dv', 'dv.division_no', 'e.division_no')
    .leftJoin('benefit_package as bp', 'bp.benefit_package_no', 'e.benefit_package_no')
    .where('e.employee_no', '=', employeeNo)
    .where('e.organization_no', '=', organizationNo)
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'))
    .selectAll('e')
    .select([
      'o.name as organization_name',
      'o.process_status as organization_process_status',
      ...ORGANIZATION_SETTINGS_COLUMNS,
      'g.benefit_group_id as group_id',
      'g.name as group_name',
      'g.process_status as group_process_status',
      'g.expiration_date as group_expiration_date',
      'dv.division_id',
      'dv.division_name',
      'bp.benefit_package_id',
      'bp.name as benefit_package_name',
    ])
    .executeTakeFirst();
}
export type EmployeeRecordRow = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;

/** Locks the employee row for the rest of the transaction (a write reads, checks, then writes). */
export async function lockEmployee(trx: Transaction<DB>, employeeNo: number): Promise<void> {
  await trx
    .selectFrom('employee')
    .select('employee_no')
    .where('employee_no', '=', employeeNo)
    .forUpdate()
    .execute();
}

/** Whether another member of the organization already holds the client ID. */
export async function clientIdTaken(
  db: Db,
  organizationNo: number,
  clientId: string,
  exceptEmployeeNo: number | null,
): Promise<boolean> {
  let query = db
    .selectFrom('employee')
    .select('employee_no')
    .where('organization_no', '=', organizationNo)
    .where('client_id', '=', clientId);
  if (exceptEmployeeNo !== null) query = query.where('employee_no', '<>', exceptEmployeeNo);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function ssnHashTaken(db: Db, hash: Buffer): Promise<boolean> {
  const row = await db
    .selectFrom('employee')
    .select('employee_no')
    .where('ssn_hash', '=', hash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function nextEmployeeNo(db: Db): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select nextval(pg_get_serial_sequence('employee', 'employee_no')) as n`.execute(db);
  return Number(rows[0]!.n);
}

/** The programs the group supports, with the member's (or dependent's) enrolment where any. */
export async function incentiveProgramsOf(
  db: Db,
  benefitGroupNo: number,
  member: ScopedEmployeeNo | ScopedDependentNo,
) {
  const { employeeNo } = member;
  const dependentNo = 'dependentNo' in member ? member.dependentNo : null;
  return groupIncentivePrograms(db, benefitGroupNo)
    .leftJoin('member_incentive_program as mp', (join) =>
      join
        .onRef('mp.program', '=', 'gp.program')
        .on('mp.employee_no', '=', employeeNo)
        .on(
          dependentNo === null
            ? sql<boolean>`mp.dependent_no is null`
            : sql<boolean>`mp.dependent_no = ${dependentNo}`,
        ),
    )
    .select([
      'gp.program',
      'gp.mandatory as group_mandatory',
      'mp.member_incentive_program_no',
      'mp.enrolled',
      'mp.effective_date',
      'mp.termination_date',
      'mp.mandatory',
    ])
    .execute();
}

export async function clientIdHistory(db: Db, employee: ScopedEmployeeNo) {
  return db
    .selectFrom('member_client_id_history')
    .where('employee_no', '=', employee.employeeNo)
    .select([
      'id_history_no',
      'historical_id',
      'effective_date',
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('created_date'),
    ])
    .orderBy('effective_date', 'desc')
    .orderBy('id_history_no', 'desc')
    .execute();
}

export async function latestClientIdHistoryDate(
  db: Db,
  employee: ScopedEmployeeNo,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('member_client_id_history')
    .where('employee_no', '=', employee.employeeNo)
    .select(sql<string>`to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD')`.as('d'))
    .executeTakeFirst();
  return row?.d ?? undefined;
}

export async function groupAssignments(db: Db, employee: ScopedEmployeeNo) {
  return db
    .selectFrom('member_group_assignment as a')
    .where('a.employee_no', '=', employee.employeeNo)
    .select([
      'a.group_assignment_no',
      'a.benefit_group_no',
      benefitGroupColumnOf('a.benefit_group_no', 'benefit_group_id').as('benefit_group_id'),
      benefitGroupColumnOf('a.benefit_group_no', 'name').as('name'),
      benefitGroupColumnOf('a.benefit_group_no', 'process_status').as('process_status'),
      'a.record_type',
      'a.effective_date',
      'a.expiration_date',
      'a.assignment_date',
    ])
    .orderBy('a.effective_date', 'desc')
    .orderBy('a.group_assignment_no', 'desc')
    .execute();
}

export async function divisionHistory(db: Db, employee: ScopedEmployeeNo) {
  return db
    .selectFrom('member_division_history as h')
    .where('h.employee_no', '=', employee.employeeNo)
    .select([
      'h.division_history_no',
      'h.benefit_group_no',
      divisionColumnOf('h.division_no', 'division_id').as('division_id'),
      divisionColumnOf('h.division_no', 'division_name').as('division_name'),
      'h.effective_date',
      'h.assignment_date',
    ])
    .orderBy('h.effective_date', 'desc')
    .orderBy('h.division_history_no', 'desc')
    .execute();
}

export async function benefitPackageHistory(db: Db, employee: ScopedEmployeeNo) {
  return db
    .selectFrom('member_benefit_package_history as h')
    .where('h.employee_no', '=', employee.employeeNo)
    .select([
      'h.benefit_package_history_no',
      'h.benefit_package_no',
      benefitPackageColumnOf('h.benefit_package_no', 'benefit_package_id').as('benefit_package_id'),
      benefitPackageColumnOf('h.benefit_package_no', 'name').as('name'),
      'h.effective_date',
      'h.assignment_date',
    ])
    .orderBy('h.effective_date', 'desc')
    .orderBy('h.benefit_package_history_no', 'desc')
    .execute();
}

/** The employee's number if it is in scope, whatever its organization (history reads). */
export async function employeeVisible(
  db: Db,
  principal: Principal,
  employeeNo: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('employee as e')
    .where('e.employee_no', '=', employeeNo)
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'))
    .select('e.employee_no')
    .executeTakeFirst();
  return row !== undefined;
}

/** The organization of an employee in the principal's scope, found by number alone; else undefined. */
export async function visibleEmployeeOrganization(
  db: Db,
  principal: Principal,
  employeeNo: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('employee as e')
    .where('e.employee_no', '=', employeeNo)
    .where(inGroupScope(principal, 'e.organization_no', 'e.benefit_group_no'))
    .select('e.organization_no')
    .executeTakeFirst();
  return row?.organization_no;
}

export async function dependentOfEmployee(
  db: Db,
  employeeNo: number,
  dependentNo: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('dependent')
    .where('dependent_no', '=', dependentNo)
    .where('employee_no', '=', employeeNo)
    .select('dependent_no')
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's own change history, or with `dependent` that dependent's, a page at a time. */
export async function changeHistoryPage(
  db: Db,
  employee: ScopedEmployeeNo,
  dependent: ScopedDependentNo | undefined,
  paging: { limit: number; offset: number; direction: 'asc' | 'desc' },
) {
  const base = db
    .selectFrom('member_change_history as h')
    .where('h.employee_no', '=', employee.employeeNo)
    .where(
      dependent === undefined
        ? sql<boolean>`h.dependent_no is null`
        : sql<boolean>`h.dependent_no = ${dependent.dependentNo}`,
    );
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('app_user as u', 'u.user_no', 'h.changed_by')
      .select([
        'h.history_no',
        'h.changed_at',
        'h.changed_by',
        'h.employee_no',
        'h.dependent_no',
        'h.event',
        'h.field',
        'h.old_value',
        'h.new_value',
        sql<
          string | null
        >`case when u.user_no is null then null else u.first_name || ' ' || u.last_name end`.as(
          'changed_by_name',
        ),
      ])
      .orderBy('h.changed_at', paging.direction)
      .orderBy('h.history_no', paging.direction)
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
  ]);
  return { totalCount: Number(count.n), rows };
}

/**
 * Ends, on `date`, the coverage of every dependent of the employee that is open or ends later
 * (decision 0073), with their history rows (processStatus and expirationDate, where each
 * changed), in one statement. Answers the dependents' numbers.
 */
export async function endDependentsAt(
  db: Db,
  entry: { employee: ScopedEmployeeNo; date: string; event: string; changedBy: number | null },
): Promise<number[]> {
  const { date, event, changedBy } = entry;
  const { employeeNo } = entry.employee;
  const result = await sql<{ dependent_no: number }>`
    with ended as (
      update dependent d
         set process_status = 9, expiration_date = ${date}::date,
             updated_by = ${changedBy}, updated_at = now()
        from dependent old
       where old.dependent_no = d.dependent_no
         and d.employee_no = ${employeeNo}
         and (old.process_status <> 9 or old.expiration_date is null
              or old.expiration_date > ${date}::date)
      returning d.dependent_no, old.process_status as old_status,
                old.expiration_date as old_expiration
    ), rows as (
      insert into member_change_history
        (changed_by, employee_no, dependent_no, event, field, old_value, new_value)
      select ${changedBy}, ${employeeNo}, e.dependent_no, ${event}, f.field,
             case f.field when 'processStatus' then e.old_status::text
                          else to_char(e.old_expiration, 'YYYY-MM-DD') end,
             case f.field when 'processStatus' then '9' else ${date} end
        from ended e
       cross join (values ('processStatus'), ('expirationDate')) as f(field)
       where (f.field = 'processStatus' and e.old_status <> 9)
          or (f.field = 'expirationDate'
              and e.old_expiration is distinct from ${date}::date)
    )
    select dependent_no from ended order by dependent_no`.execute(db);
  return result.rows.map((r) => r.dependent_no);
}

// ---------------------------------------------------------------------------------------------
// Writes of the employee record (the services call them inside their transaction)

/**
 * Inserts the employee row (its number taken beforehand with nextEmployeeNo); use cases call
 * insertScopedEmployee (members.access.ts), which answers the new member's handle.
 */
export async function insertEmployee(db: Db, values: Insertable<EmployeeTable>): Promise<void> {
  await db.insertInto('employee').values(values).execute();
}

/** Sets columns of the employee row, stamped with who changed it and when. */
export async function updateEmployeeRow(
  db: Db,
  employee: ScopedEmployeeNo,
  userNo: number,
  values: Updateable<EmployeeTable>,
): Promise<void> {
  await db
    .updateTable('employee')
    .set({ ...values, updated_by: userNo, updated_at: new Date() })
    .where('employee_no', '=', employee.employeeNo)
    .execute();
}

/** Opens a group assignment of the member from `effectiveDate`. */
export async function insertGroupAssignment(
  db: Db,
  entry: {
    employee: ScopedEmployeeNo;
    benefitGroupNo: number;
    effectiveDate: string;
    assignmentDate: string;
    userNo: number;
  },
): Promise<void> {
  await db
    .insertInto('member_group_assignment')
    .values({
      employee_no: entry.employee.employeeNo,
      benefit_group_no: entry.benefitGroupNo,
      effective_date: entry.effectiveDate,
      expiration_date: null,
      assignment_date: entry.assignmentDate,
      created_by: entry.userNo,
      updated_by: entry.userNo,
    })
    .execute();
}

/** Ends the member's open group assignment on `expirationDate`. */
export async function endOpenGroupAssignment(
  db: Db,
  employee: ScopedEmployeeNo,
  expirationDate: string,
  userNo: number,
): Promise<void> {
  await db
    .updateTable('member_group_assignment')
    .set({ expiration_date: expirationDate, updated_by: userNo, updated_at: new Date() })
    .where('employee_no', '=', employee.employeeNo)
    .where('expiration_date', 'is', null)
    .execute();
}

/** A row of the member's division history (a division change or a division added). */
export async function insertDivisionHistory(
  db: Db,
  employee: ScopedEmployeeNo,
  userNo: number,
  entry: {
    benefit_group_no: number;
    division_no: number;
    effective_date: string;
    assignment_date: string;
  },
): Promise<void> {
  await db
    .insertInto('member_division_history')
    .values({
      ...entry,
      employee_no: employee.employeeNo,
      created_by: userNo,
      updated_by: userNo,
    })
    .execute();
}

/** A row of the member's benefit package history. */
export async function insertBenefitPackageHistory(
  db: Db,
  entry: {
    employee: ScopedEmployeeNo;
    benefitPackageNo: number;
    effectiveDate: string;
    assignmentDate: string;
    userNo: number;
  },
): Promise<void> {
  await db
    .insertInto('member_benefit_package_history')
    .values({
      employee_no: entry.employee.employeeNo,
      benefit_package_no: entry.benefitPackageNo,
      effective_date: entry.effectiveDate,
      assignment_date: entry.assignmentDate,
      created_by: entry.userNo,
      updated_by: entry.userNo,
    })
    .execute();
}

/** Keeps the client ID a member had, from `effectiveDate`. */
export async function insertClientIdHistory(
  db: Db,
  entry: {
    employee: ScopedEmployeeNo;
    historicalId: string;
    effectiveDate: string;
    userNo: number;
  },
): Promise<void> {
  await db
    .insertInto('member_client_id_history')
    .values({
      employee_no: entry.employee.employeeNo,
      historical_id: entry.historicalId,
      effective_date: entry.effectiveDate,
      created_by: entry.userNo,
      updated_by: entry.userNo,
    })
    .execute();
}

/** A new division of a group; answers its row. */
/** The employee's first enrolment row of a program. */
export async function insertIncentiveProgram(
  db: Db,
  employee: ScopedEmployeeNo,
  values: Omit<Insertable<MemberIncentiveProgramTable>, 'employee_no'>,
): Promise<void> {
  await db
    .insertInto('member_incentive_program')
    .values({ employee_no: employee.employeeNo, ...values })
    .execute();
}

/** Changes an existing enrolment row. */
export async function updateIncentiveProgram(
  db: Db,
  memberIncentiveProgramNo: number,
  values: Updateable<MemberIncentiveProgramTable>,
): Promise<void> {
  await db
    .updateTable('member_incentive_program')
    .set(values)
    .where('member_incentive_program_no', '=', memberIncentiveProgramNo)
    .execute();
}
