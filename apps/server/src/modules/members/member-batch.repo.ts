import { sql, type Transaction } from 'kysely';
import type { DB } from '../../database.ts';

/*
 * Set-based SQL of the members module (decision 0128): what an eligibility import writes for
 * thousands of members per transaction, each statement one `unnest` of column arrays, every one
 * of them limited to the organization the caller names (a run's organization: a file can never
 * reach another organization's members). member-batch.ts decides what the rows say.
 */

type Tx = Transaction<DB>;

/** Bytea values travel as hex text inside array parameters: one form both drivers serialize. */
const hex = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString('hex'));

/** An employee as a batch reads, checks and rewrites it (the columns an import may change). */
export interface EmployeeState {
  employee_no: number;
  benefit_group_no: number;
  group_id: string;
  first_name: string;
  last_name: string;
  birthdate: string;
  gender: 'M' | 'F' | 'U';
  is_cobra: boolean;
  is_retiree: boolean;
  process_status: number;
  expiration_date: string | null;
  effective_date: string;
  reinstatement_date: string | null;
  group_effective_date: string;
  group_assignment_date: string | null;
  division_no: number | null;
  division_id: string | null;
  division_effective_date: string | null;
  benefit_package_no: number | null;
  benefit_package_id: string | null;
  benefit_package_effective_date: string | null;
  benefit_package_assignment_date: string | null;
  ssn_hash: Uint8Array | null;
}

/** A dependent as a batch reads and rewrites it; group_id is its alternate group or its member's. */
export interface DependentState {
  dependent_no: number;
  employee_no: number;
  first_name: string;
  last_name: string;
  birthdate: string;
  gender: 'M' | 'F' | 'U';
  relationship: number;
  process_status: number;
  expiration_date: string | null;
  effective_date: string;
  alternate_benefit_group_no: number | null;
  alternate_group_effective_date: string | null;
  group_id: string;
}

const EMPLOYEE_STATE = sql`
  e.employee_no, e.benefit_group_no, g.benefit_group_id as group_id, e.first_name, e.last_name,
  e.birthdate::text as birthdate, e.gender, e.is_cobra, e.is_retiree, e.process_status,
  e.expiration_date::text as expiration_date, e.effective_date::text as effective_date,
  e.reinstatement_date::text as reinstatement_date,
  e.group_effective_date::text as group_effective_date,
  e.group_assignment_date::text as group_assignment_date, e.division_no, dv.division_id,
  e.division_effective_date::text as division_effective_date, e.benefit_package_no,
  bp.benefit_package_id,
  e.benefit_package_effective_date::text as benefit_package_effective_date,
  e.benefit_package_assignment_date::text as benefit_package_assignment_date, e.ssn_hash`;

const EMPLOYEE_FROM = sql`
  employee e
  join benefit_group g on g.benefit_group_no = e.benefit_group_no
  left join division dv on dv.division_no = e.division_no
  left join benefit_package bp on bp.benefit_package_no = e.benefit_package_no`;

/** The organization's employees among `employeeNos`, locked for the batch's transaction. */
export async function lockEmployeesBatch(
  trx: Tx,
  organizationNo: number,
  employeeNos: readonly number[],
): Promise<EmployeeState[]> {
  if (employeeNos.length === 0) return [];
  const { rows } = await sql<EmployeeState>`
    select ${EMPLOYEE_STATE} from ${EMPLOYEE_FROM}
    where e.organization_no = ${organizationNo} and e.employee_no = any(${[...employeeNos]}::int[])
    for update of e`.execute(trx);
  return rows;
}

/** The organization's employees holding one of the SSN hashes (locked), with their hash. */
export async function lockEmployeesByHash(
  trx: Tx,
  organizationNo: number,
  hashes: readonly Uint8Array[],
): Promise<EmployeeState[]> {
  if (hashes.length === 0) return [];
  const { rows } = await sql<EmployeeState>`
    select ${EMPLOYEE_STATE} from ${EMPLOYEE_FROM}
    where e.organization_no = ${organizationNo}
      and e.ssn_hash in (select decode(h, 'hex') from unnest(${hashes.map(hex)}::text[]) as u(h))
    for update of e`.execute(trx);
  return rows;
}

/** The organization's dependents among `dependentNos`, locked. */
export async function lockDependentsBatch(
  trx: Tx,
  organizationNo: number,
  dependentNos: readonly number[],
): Promise<DependentState[]> {
  if (dependentNos.length === 0) return [];
  const { rows } = await sql<DependentState>`
    select d.dependent_no, d.employee_no, d.first_name, d.last_name, d.birthdate::text as birthdate,
           d.gender, d.relationship, d.process_status, d.expiration_date::text as expiration_date,
           d.effective_date::text as effective_date, d.alternate_benefit_group_no,
           d.alternate_group_effective_date::text as alternate_group_effective_date,
           coalesce(ag.benefit_group_id, g.benefit_group_id) as group_id
    from dependent d
    join employee e on e.employee_no = d.employee_no
    join benefit_group g on g.benefit_group_no = e.benefit_group_no
    left join benefit_group ag on ag.benefit_group_no = d.alternate_benefit_group_no
    where d.organization_no = ${organizationNo} and d.dependent_no = any(${[...dependentNos]}::int[])
    for update of d`.execute(trx);
  return rows;
}

/** Which of the SSN hashes a dependent of the organization already holds. */
export async function dependentHashesTaken(
  trx: Tx,
  organizationNo: number,
  hashes: readonly Uint8Array[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const { rows } = await sql<{ h: string }>`
    select encode(ssn_hash, 'hex') as h from dependent
    where organization_no = ${organizationNo}
      and ssn_hash in (select decode(h, 'hex') from unnest(${hashes.map(hex)}::text[]) as u(h))`.execute(
    trx,
  );
  return new Set(rows.map((r) => r.h));
}

/** The organization's groups, divisions and benefit packages, and the settings an import obeys. */
export async function organizationCatalog(trx: Tx, organizationNo: number) {
  const [org, groups, divisions, packages] = await Promise.all([
    sql<{ supports_divisions: boolean; supports_dependent_alternate_group: boolean }>`
      select supports_divisions, supports_dependent_alternate_group from organization
      where organization_no = ${organizationNo}`.execute(trx),
    sql<{
      benefit_group_no: number;
      benefit_group_id: string;
      process_status: number;
      expiration_date: string | null;
    }>`
      select benefit_group_no, benefit_group_id, process_status,
             expiration_date::text as expiration_date
      from benefit_group where organization_no = ${organizationNo}`.execute(trx),
    sql<{ division_no: number; division_id: string; benefit_group_no: number }>`
      select division_no, division_id, benefit_group_no from division
      where organization_no = ${organizationNo}`.execute(trx),
    sql<{ benefit_package_no: number; benefit_package_id: string; process_status: number }>`
      select benefit_package_no, benefit_package_id, process_status from benefit_package
      where organization_no = ${organizationNo}`.execute(trx),
  ]);
  return {
    settings: org.rows[0] ?? null,
    groups: groups.rows,
    divisions: divisions.rows,
    packages: packages.rows,
  };
}

/** `n` new employee numbers from the employee sequence. */
export async function nextEmployeeNos(trx: Tx, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await sql<{ n: string }>`
    select nextval(pg_get_serial_sequence('employee', 'employee_no')) as n
    from generate_series(1, ${n})`.execute(trx);
  return rows.map((r) => Number(r.n));
}

export interface NewEmployeeValues extends Omit<
  EmployeeState,
  'group_id' | 'division_id' | 'benefit_package_id' | 'ssn_hash'
> {
  generated_id: string;
  ssn_hash: Uint8Array;
  ssn_encrypted: Uint8Array;
}

/** Inserts new employees (their numbers taken with nextEmployeeNos) in one statement. */
export async function insertEmployeesBatch(
  trx: Tx,
  organizationNo: number,
  userNo: number,
  rows: readonly NewEmployeeValues[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (r: NewEmployeeValues) => T) => rows.map(f);
  await sql`
    insert into employee (employee_no, organization_no, benefit_group_no, group_effective_date,
      group_assignment_date, first_name, last_name, birthdate, gender, ssn_encrypted, ssn_hash,
      generated_id, effective_date, original_effective_date, expiration_date, process_status,
      division_no, division_effective_date, benefit_package_no, benefit_package_effective_date,
      benefit_package_assignment_date, is_cobra, is_retiree, reinstatement_date, created_by,
      updated_by)
    select no, ${organizationNo}, g, ged, gad, fn, ln, bd, gen, decode(se, 'hex'), decode(sh, 'hex'),
      gid, ed, ed, xd, ps, dn, ded, bpn, bped, bpad, cobra, retiree, rd, ${userNo}, ${userNo}
    from unnest(
      ${col((r) => r.employee_no)}::int[], ${col((r) => r.benefit_group_no)}::int[],
      ${col((r) => r.group_effective_date)}::date[], ${col((r) => r.group_assignment_date)}::date[],
      ${col((r) => r.first_name)}::text[], ${col((r) => r.last_name)}::text[],
      ${col((r) => r.birthdate)}::date[], ${col((r) => r.gender)}::text[],
      ${col((r) => hex(r.ssn_encrypted))}::text[], ${col((r) => hex(r.ssn_hash))}::text[],
      ${col((r) => r.generated_id)}::text[], ${col((r) => r.effective_date)}::date[],
      ${col((r) => r.expiration_date)}::date[], ${col((r) => r.process_status)}::int[],
      ${col((r) => r.division_no)}::int[], ${col((r) => r.division_effective_date)}::date[],
      ${col((r) => r.benefit_package_no)}::int[],
      ${col((r) => r.benefit_package_effective_date)}::date[],
      ${col((r) => r.benefit_package_assignment_date)}::date[],
      ${col((r) => r.is_cobra)}::boolean[], ${col((r) => r.is_retiree)}::boolean[],
      ${col((r) => r.reinstatement_date)}::date[])
    as u(no, g, ged, gad, fn, ln, bd, gen, se, sh, gid, ed, xd, ps, dn, ded, bpn, bped, bpad,
         cobra, retiree, rd)`.execute(trx);
}

/** Rewrites the import's columns of the organization's employees, one statement for all. */
export async function updateEmployeesBatch(
  trx: Tx,
  organizationNo: number,
  userNo: number,
  rows: readonly EmployeeState[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (r: EmployeeState) => T) => rows.map(f);
  await sql`
    update employee e set
      first_name = u.fn, last_name = u.ln, birthdate = u.bd, gender = u.gen, is_cobra = u.cobra,
      is_retiree = u.retiree, process_status = u.ps, expiration_date = u.xd, effective_date = u.ed,
      reinstatement_date = u.rd, benefit_group_no = u.g, group_effective_date = u.ged,
      group_assignment_date = u.gad, division_no = u.dn, division_effective_date = u.ded,
      benefit_package_no = u.bpn, benefit_package_effective_date = u.bped,
      benefit_package_assignment_date = u.bpad, updated_by = ${userNo}, updated_at = now()
    from unnest(
      ${col((r) => r.employee_no)}::int[], ${col((r) => r.first_name)}::text[],
      ${col((r) => r.last_name)}::text[], ${col((r) => r.birthdate)}::date[],
      ${col((r) => r.gender)}::text[], ${col((r) => r.is_cobra)}::boolean[],
      ${col((r) => r.is_retiree)}::boolean[], ${col((r) => r.process_status)}::int[],
      ${col((r) => r.expiration_date)}::date[], ${col((r) => r.effective_date)}::date[],
      ${col((r) => r.reinstatement_date)}::date[], ${col((r) => r.benefit_group_no)}::int[],
      ${col((r) => r.group_effective_date)}::date[], ${col((r) => r.group_assignment_date)}::date[],
      ${col((r) => r.division_no)}::int[], ${col((r) => r.division_effective_date)}::date[],
      ${col((r) => r.benefit_package_no)}::int[],
      ${col((r) => r.benefit_package_effective_date)}::date[],
      ${col((r) => r.benefit_package_assignment_date)}::date[])
    as u(no, fn, ln, bd, gen, cobra, retiree, ps, xd, ed, rd, g, ged, gad, dn, ded, bpn, bped, bpad)
    where e.employee_no = u.no and e.organization_no = ${organizationNo}
      and e.employee_no = any(${col((r) => r.employee_no)}::int[])`.execute(trx);
}

export interface NewDependentValues extends Omit<DependentState, 'dependent_no' | 'group_id'> {
  ssn_hash: Uint8Array;
  ssn_encrypted: Uint8Array;
}

/**
 * Inserts new dependents in one statement; answers their numbers in the order given. The numbers
 * are taken from the sequence with the rows (one pass, no join back to find them), and the key
 * `dependent (employee_no, organization_no) -> employee` refuses a row whose employee is not the
 * organization's: the statement fails whole rather than skipping it.
 */
export async function insertDependentsBatch(
  trx: Tx,
  organizationNo: number,
  userNo: number,
  rows: readonly NewDependentValues[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const col = <T>(f: (r: NewDependentValues) => T) => rows.map(f);
  const { rows: out } = await sql<{ no: number }>`
    with u as materialized (
      select nextval(pg_get_serial_sequence('dependent', 'dependent_no'))::int as no, u.*
      from unnest(
        ${col((r) => r.employee_no)}::int[], ${col((r) => r.relationship)}::int[],
        ${col((r) => r.first_name)}::text[], ${col((r) => r.last_name)}::text[],
        ${col((r) => r.birthdate)}::date[], ${col((r) => r.gender)}::text[],
        ${col((r) => hex(r.ssn_encrypted))}::text[], ${col((r) => hex(r.ssn_hash))}::text[],
        ${col((r) => r.effective_date)}::date[], ${col((r) => r.expiration_date)}::date[],
        ${col((r) => r.process_status)}::int[], ${col((r) => r.alternate_benefit_group_no)}::int[],
        ${col((r) => r.alternate_group_effective_date)}::date[])
        with ordinality as u(en, rel, fn, ln, bd, gen, se, sh, ed, xd, ps, ag, aged, i)
    ), ins as (
      insert into dependent (dependent_no, employee_no, organization_no, relationship, first_name,
        last_name, birthdate, gender, ssn_encrypted, ssn_hash, effective_date,
        original_effective_date, expiration_date, process_status, alternate_benefit_group_no,
        alternate_group_effective_date, created_by, updated_by)
      select u.no, u.en, ${organizationNo}, u.rel, u.fn, u.ln, u.bd, u.gen, decode(u.se, 'hex'),
        decode(u.sh, 'hex'), u.ed, u.ed, u.xd, u.ps, u.ag, u.aged, ${userNo}, ${userNo}
      from u
    )
    select no from u order by i`.execute(trx);
  return out.map((r) => r.no);
}

/** Rewrites the import's columns of the organization's dependents, one statement for all. */
export async function updateDependentsBatch(
  trx: Tx,
  organizationNo: number,
  userNo: number,
  rows: readonly DependentState[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (r: DependentState) => T) => rows.map(f);
  await sql`
    update dependent d set
      first_name = u.fn, last_name = u.ln, birthdate = u.bd, gender = u.gen, relationship = u.rel,
      process_status = u.ps, expiration_date = u.xd, effective_date = u.ed,
      alternate_benefit_group_no = u.ag, alternate_group_effective_date = u.aged,
      updated_by = ${userNo}, updated_at = now()
    from unnest(
      ${col((r) => r.dependent_no)}::int[], ${col((r) => r.first_name)}::text[],
      ${col((r) => r.last_name)}::text[], ${col((r) => r.birthdate)}::date[],
      ${col((r) => r.gender)}::text[], ${col((r) => r.relationship)}::int[],
      ${col((r) => r.process_status)}::int[], ${col((r) => r.expiration_date)}::date[],
      ${col((r) => r.effective_date)}::date[], ${col((r) => r.alternate_benefit_group_no)}::int[],
      ${col((r) => r.alternate_group_effective_date)}::date[])
    as u(no, fn, ln, bd, gen, rel, ps, xd, ed, ag, aged)
    where d.dependent_no = u.no and d.organization_no = ${organizationNo}`.execute(trx);
}

/**
 * endDependentsAt for many members at once (decision 0073): each member's dependents that would
 * outlast its end are ended on that date, with the same two history rows per dependent. The
 * dependents are reached by their members' numbers (an index probe each), not by a scan of the
 * organization's dependents.
 */
export async function endDependentsBatch(
  trx: Tx,
  organizationNo: number,
  userNo: number,
  ends: readonly { employeeNo: number; date: string; event: string }[],
): Promise<number> {
  if (ends.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    with v as (
      select * from unnest(${ends.map((e) => e.employeeNo)}::int[],
        ${ends.map((e) => e.date)}::date[], ${ends.map((e) => e.event)}::text[]) as v(en, dt, ev)
    ), ended as (
      update dependent d
         set process_status = 9, expiration_date = v.dt, updated_by = ${userNo}, updated_at = now()
        from dependent old, v
       where old.dependent_no = d.dependent_no
         and d.employee_no = v.en and d.organization_no = ${organizationNo}
         and d.employee_no = any(${ends.map((e) => e.employeeNo)}::int[])
         and (old.process_status <> 9 or old.expiration_date is null
              or old.expiration_date > v.dt)
      returning d.dependent_no, d.employee_no, v.dt, v.ev, old.process_status as old_status,
                old.expiration_date as old_expiration
    ), rows as (
      insert into member_change_history
        (changed_by, employee_no, dependent_no, event, field, old_value, new_value)
      select ${userNo}, e.employee_no, e.dependent_no, e.ev, f.field,
             case f.field when 'processStatus' then e.old_status::text
                          else to_char(e.old_expiration, 'YYYY-MM-DD') end,
             case f.field when 'processStatus' then '9' else to_char(e.dt, 'YYYY-MM-DD') end
        from ended e
       cross join (values ('processStatus'), ('expirationDate')) as f(field)
       where (f.field = 'processStatus' and e.old_status <> 9)
          or (f.field = 'expirationDate' and e.old_expiration is distinct from e.dt)
      order by e.employee_no, e.dependent_no, f.field desc
    )
    select count(*)::int as n from ended`.execute(trx);
  return rows[0]?.n ?? 0;
}

/**
 * Group moves of many members (moveGroup's two writes): each open assignment ends the day before
 * its move and the new one starts on it.
 */
export async function moveGroupsBatch(
  trx: Tx,
  userNo: number,
  moves: readonly { employeeNo: number; benefitGroupNo: number; date: string; today: string }[],
): Promise<void> {
  if (moves.length === 0) return;
  const nos = moves.map((m) => m.employeeNo);
  const dates = moves.map((m) => m.date);
  await sql`
    update member_group_assignment a
       set expiration_date = v.dt - 1, updated_by = ${userNo}, updated_at = now()
      from unnest(${nos}::int[], ${dates}::date[]) as v(en, dt)
     where a.employee_no = v.en and a.expiration_date is null`.execute(trx);
  await insertGroupAssignmentsBatch(trx, userNo, moves);
}

/** New open group assignments (a new member's first, or a move's). */
export async function insertGroupAssignmentsBatch(
  trx: Tx,
  userNo: number,
  rows: readonly { employeeNo: number; benefitGroupNo: number; date: string; today: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into member_group_assignment (employee_no, benefit_group_no, effective_date,
      expiration_date, assignment_date, created_by, updated_by)
    select en, g, dt, null, ad, ${userNo}, ${userNo}
    from unnest(${rows.map((m) => m.employeeNo)}::int[], ${rows.map((m) => m.benefitGroupNo)}::int[],
      ${rows.map((m) => m.date)}::date[], ${rows.map((m) => m.today)}::date[]) as v(en, g, dt, ad)`.execute(
    trx,
  );
}

export async function insertDivisionHistoryBatch(
  trx: Tx,
  userNo: number,
  rows: readonly {
    employeeNo: number;
    benefitGroupNo: number;
    divisionNo: number;
    date: string;
    today: string;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into member_division_history (employee_no, benefit_group_no, division_no,
      effective_date, assignment_date, created_by, updated_by)
    select en, g, dn, dt, ad, ${userNo}, ${userNo}
    from unnest(${rows.map((r) => r.employeeNo)}::int[], ${rows.map((r) => r.benefitGroupNo)}::int[],
      ${rows.map((r) => r.divisionNo)}::int[], ${rows.map((r) => r.date)}::date[],
      ${rows.map((r) => r.today)}::date[]) as v(en, g, dn, dt, ad)`.execute(trx);
}

export async function insertBenefitPackageHistoryBatch(
  trx: Tx,
  userNo: number,
  rows: readonly { employeeNo: number; benefitPackageNo: number; date: string; today: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into member_benefit_package_history (employee_no, benefit_package_no, effective_date,
      assignment_date, created_by, updated_by)
    select en, bp, dt, ad, ${userNo}, ${userNo}
    from unnest(${rows.map((r) => r.employeeNo)}::int[],
      ${rows.map((r) => r.benefitPackageNo)}::int[], ${rows.map((r) => r.date)}::date[],
      ${rows.map((r) => r.today)}::date[]) as v(en, bp, dt, ad)`.execute(trx);
}

/** One member_change_history row as member-history-batch.ts builds it. */
export interface HistoryRowValues {
  changedBy: number | null;
  employeeNo: number;
  dependentNo: number | null;
  event: string;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
}

export async function insertHistoryRowsBatch(
  trx: Tx,
  rows: readonly HistoryRowValues[],
): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(f: (r: HistoryRowValues) => T) => rows.map(f);
  await sql`
    insert into member_change_history
      (changed_by, employee_no, dependent_no, event, field, old_value, new_value)
    select * from unnest(${col((r) => r.changedBy)}::int[], ${col((r) => r.employeeNo)}::int[],
      ${col((r) => r.dependentNo)}::int[], ${col((r) => r.event)}::text[],
      ${col((r) => r.field)}::text[], ${col((r) => r.oldValue)}::text[],
      ${col((r) => r.newValue)}::text[])`.execute(trx);
}
