import { sql, type Kysely, type Transaction } from 'kysely';
import { INT4_MAX, type ChangeKind, type RejectedRow } from '@pillar/domain';
import type { DB } from '../../database.ts';

/*
 * SQL of Apply (decision 0128) on the run's own tables: the next batch of selected changes with
 * the staged values they came from, the marks that make a killed apply resume where it stopped,
 * and the run's status. What it writes to members is the members module's (member-batch.ts).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Postgres' unique violation: the partial index allows one active run per configuration. */
const UNIQUE_VIOLATION = '23505';

/** One selected, unapplied change with the staged row it came from. */
export interface ApplyChange {
  changeId: number;
  rowNumber: number;
  kind: Exclude<ChangeKind, 'absent'>;
  memberId: number | null;
  field: string | null;
  newValue: string | null;
  changeDate: string;
  recordType: 'E' | 'D';
  ssnHash: Uint8Array;
  ssnEncrypted: Uint8Array;
  /** The employee a dependent names, or the employee record before it in the file. */
  employeeSsnHash: Uint8Array | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null;
  gender: string | null;
  relationship: string | null;
  groupId: string | null;
  alternateGroupId: string | null;
  divisionId: string | null;
  benefitPackage: string | null;
  effectiveDate: string | null;
  termDate: string | null;
  /** cobra, retiree, student, disabled, adultDependent: 'Y', 'N' or '-' (blank). */
  flags: string | null;
}

/** The run's lanes' marks (decision 0149), at 0 for a lane not begun; those there stay. */
export async function openLanes(db: Db, runId: number, lanes: number): Promise<void> {
  await sql`
    insert into ei_apply_lane (run_id, lane, applied_through)
    select ${runId}, l, 0 from generate_series(0, ${lanes - 1}) as l
    on conflict (run_id, lane) do nothing`.execute(db);
}

/**
 * Where a lane of a run's Apply stands: the last change it reached. Locked for the batch's
 * transaction, so a second Apply of the same lane (a retried job while the first still runs)
 * waits for the batch and then starts after it.
 */
export async function laneMark(trx: Transaction<DB>, runId: number, lane: number): Promise<number> {
  const { rows } = await sql<{ through: number }>`
    select applied_through as through from ei_apply_lane
    where run_id = ${runId} and lane = ${lane} for update`.execute(trx);
  return rows[0]?.through ?? 0;
}

/**
 * A lane's next batch: its first `limit` selected changes after its mark (decision 0149) in
 * change order, widened to the rest of the last one's row, so a row's changes are applied (or
 * refused) together in one transaction (the preview numbers a row's changes one after another,
 * so the first later change of another row bounds the batch; a row is in one lane). Absent
 * members are never applied; a change marked on its own (`applied_at`, before 0149) is skipped.
 * Each step reads by index only what the batch holds (decision 0141): the boundary, the lane's
 * changes up to it (a range of the lanes' index from the mark), then their staged rows by row
 * number; a join of the two tables read both whole for every batch.
 */
export async function loadApplyBatch(
  db: Db,
  runId: number,
  lane: number,
  after: number,
  limit: number,
): Promise<ApplyChange[]> {
  const { rows: boundary } = await sql<{ first: number; changeId: number; rowNumber: number }>`
    select first_value(change_id) over (order by change_id) as first,
           change_id as "changeId", row_number as "rowNumber" from ei_change
    where run_id = ${runId} and lane = ${lane} and change_id > ${after} and kind <> 'absent'
      and selected and applied_at is null
    order by change_id offset ${limit - 1} limit 1`.execute(db);
  const last = boundary[0];
  let through: number | null = null;
  if (last) {
    const { rows } = await sql<{ next: number | null }>`
      select min(change_id) as next from ei_change
      where run_id = ${runId} and change_id > ${last.changeId}
        and row_number is distinct from ${last.rowNumber}`.execute(db);
    const next = rows[0]?.next;
    through = next === null || next === undefined ? null : next - 1;
  }
  const { rows: changes } = await sql<
    Pick<
      ApplyChange,
      | 'changeId'
      | 'rowNumber'
      | 'kind'
      | 'memberId'
      | 'field'
      | 'newValue'
      | 'changeDate'
      | 'ssnEncrypted'
    >
  >`
    select change_id as "changeId", row_number as "rowNumber", kind, member_id as "memberId",
           field, new_value as "newValue", change_date::text as "changeDate",
           ssn_encrypted as "ssnEncrypted"
    from ei_change
    where run_id = ${runId} and lane = ${lane} and kind <> 'absent'
      and change_id between ${Math.max(after + 1, last?.first ?? 0)} and ${through ?? INT4_MAX}
      and selected and applied_at is null
    order by change_id`.execute(db);
  if (changes.length === 0) return [];
  type Staged = Omit<ApplyChange, keyof (typeof changes)[number]> & { rowNumber: number };
  const { rows: staged } = await sql<Staged>`
    select s.row_number as "rowNumber", s.record_type as "recordType", s.ssn_hash as "ssnHash",
           case when s.record_type = 'D' then coalesce(s.employee_ssn_hash, (
             select p.ssn_hash from ei_staging_row p
             where p.run_id = s.run_id and p.record_type = 'E' and p.row_number < s.row_number
             order by p.row_number desc limit 1)) end as "employeeSsnHash",
           s.first_name as "firstName", s.last_name as "lastName",
           s.date_of_birth::text as "dateOfBirth", s.gender, s.relationship,
           s.group_id as "groupId", s.alternate_group_id as "alternateGroupId",
           s.division_id as "divisionId", s.benefit_package as "benefitPackage",
           s.effective_date::text as "effectiveDate", s.term_date::text as "termDate", s.flags
    from ei_staging_row s
    where s.run_id = ${runId}
      and s.row_number = any(${[...new Set(changes.map((c) => c.rowNumber))]}::int[])`.execute(db);
  const byRow = new Map(staged.map((r) => [r.rowNumber, r]));
  // A change always has its staged row (the same run's, same row number).
  return changes.map((c) => ({ ...byRow.get(c.rowNumber)!, ...c }));
}

/**
 * Marks a lane's batch done (its changes applied or refused at apply time) in the transaction
 * that wrote them: the lane's mark moves to the batch's last change (decision 0149; one row where
 * every change was updated), and the run's progress counts the applied changes and the rows
 * refused.
 */
export async function markBatchDone(
  trx: Transaction<DB>,
  runId: number,
  lane: number,
  through: number,
  counts: { applied: number; refused: number },
): Promise<void> {
  await sql`
    insert into ei_apply_lane (run_id, lane, applied_through) values (${runId}, ${lane}, ${through})
    on conflict (run_id, lane) do update set applied_through = excluded.applied_through`.execute(
    trx,
  );
  await sql`
    update ei_run set rows_applied = rows_applied + ${counts.applied},
      rows_rejected = rows_rejected + ${counts.refused},
      started_phase_at = coalesce(started_phase_at, now())
    where run_id = ${runId}`.execute(trx);
}

/**
 * Rows refused at apply time join the preview's rejected rows (same row, field, message); the
 * run's count moves with the batch's mark (markBatchDone).
 */
export async function insertApplyFailures(
  trx: Transaction<DB>,
  runId: number,
  failures: readonly RejectedRow[],
): Promise<void> {
  if (failures.length === 0) return;
  await sql`
    insert into ei_rejected (run_id, row_number, field, message)
    select ${runId}, * from unnest(${failures.map((f) => f.rowNumber)}::int[],
      ${failures.map((f) => f.field)}::text[], ${failures.map((f) => f.message)}::text[])
    on conflict do nothing`.execute(trx);
}

export interface ApplyRunRow {
  run_id: number;
  eic_no: number;
  organization_no: number;
  status: string;
  applied_by: number | null;
}

export async function findApplyRun(db: Db, runId: number): Promise<ApplyRunRow | undefined> {
  const { rows } = await sql<ApplyRunRow>`
    select run_id, eic_no, organization_no, status, applied_by from ei_run
    where run_id = ${runId}`.execute(db);
  return rows[0];
}

/**
 * previewed (or an apply that failed: it resumes) -> applying, by whom. 'busy' when another run of the configuration is reading or
 * applying (the partial unique index), 'wrongStatus' when this run is not previewed.
 */
export async function startApplying(
  db: Db,
  runId: number,
  userNo: number,
): Promise<'started' | 'busy' | 'wrongStatus'> {
  try {
    const { rows } = await sql<{ run_id: number }>`
      update ei_run set status = 'applying', applied_by = ${userNo}, started_phase_at = now(),
        error = null
      where run_id = ${runId}
        and (status = 'previewed' or (status = 'failed' and applied_by is not null))
      returning run_id`.execute(db);
    return rows.length > 0 ? 'started' : 'wrongStatus';
  } catch (e) {
    if ((e as { code?: string }).code === UNIQUE_VIOLATION) return 'busy';
    throw e;
  }
}

export async function finishApplying(db: Db, runId: number): Promise<void> {
  await sql`
    update ei_run set status = 'applied', applied_at = now()
    where run_id = ${runId} and status = 'applying'`.execute(db);
}

export async function failApplying(db: Db, runId: number, error: string): Promise<void> {
  await sql`
    update ei_run set status = 'failed', error = ${error.slice(0, 2000)}
    where run_id = ${runId} and status = 'applying'`.execute(db);
}

/** How many selected changes are still to apply (the time left of the progress bar). */
export async function countUnapplied(db: Db, runId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ei_change c
    left join ei_apply_lane l on l.run_id = c.run_id and l.lane = c.lane
    where c.run_id = ${runId} and c.selected and c.applied_at is null and c.kind <> 'absent'
      and c.change_id > coalesce(l.applied_through, 0)`.execute(db);
  return rows[0]?.n ?? 0;
}
