import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChangeRow, RejectedRow, StandardEligibilityRow } from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { SsnProtector } from '../../platform/crypto/ssn.ts';
import { canCopy, copyIn, CopyData, copyRow, copyText } from '../../platform/db/copy-in.ts';
import { laneOfFamily } from './eligibility-imports.lanes.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Rows per staging or change batch (decisions 0123, 0137): one COPY FROM STDIN per batch on
 * PostgreSQL, one multi-row `insert ... select from unnest(...)` on PGlite (no COPY stream),
 * whose parameters (one array per column) stay far below the protocol's limits.
 */
export const STAGING_BATCH = 5000;

/** Postgres' unique violation: the partial index allows one active run per configuration. */
const UNIQUE_VIOLATION = '23505';

export interface NewRun {
  eicNo: number;
  organizationNo: number;
  fileName: string;
  fileFormat: 'csv' | 'fixed' | 'xlsx' | 'edi';
  storageKey: string;
  createdBy: number;
  /** Marked at upload as the whole roster (decision 0138). */
  fullFile: boolean;
}

/** The new run's id, or null when the configuration already has a run reading or applying. */
export async function insertRun(db: Db, run: NewRun): Promise<number | null> {
  try {
    const { rows } = await sql<{ run_id: number }>`
      insert into ei_run (eic_no, organization_no, file_name, file_format, storage_key, created_by,
        full_file)
      values (${run.eicNo}, ${run.organizationNo}, ${run.fileName}, ${run.fileFormat},
              ${run.storageKey}, ${run.createdBy}, ${run.fullFile})
      returning run_id`.execute(db);
    return rows[0]?.run_id ?? null;
  } catch (e) {
    if ((e as { code?: string }).code === UNIQUE_VIOLATION) return null;
    throw e;
  }
}

/** The active run of a configuration (the one a second upload is refused for). */
export async function activeRunId(db: Db, eicNo: number): Promise<number | null> {
  const { rows } = await sql<{ run_id: number }>`
    select run_id from ei_run
    where eic_no = ${eicNo} and status in ('queued', 'reading', 'applying')`.execute(db);
  return rows[0]?.run_id ?? null;
}

const flags = (r: StandardEligibilityRow) =>
  [r.cobra, r.retiree, r.student, r.disabled, r.adultDependent].map((f) => f ?? '-').join('');

/**
 * Bytea values travel as hex text (`decode(x, 'hex')` in the statement): one form both drivers
 * serialize the same inside an array parameter.
 */
const hex = (b: Buffer | null) => (b === null ? null : b.toString('hex'));

const STAGING_COLUMNS = `run_id, row_number, record_type, maintenance_code, organization_id,
  ssn_hash, employee_ssn_hash, first_name, last_name, date_of_birth, gender,
  relationship, group_id, alternate_group_id, division_id, benefit_package, effective_date,
  term_date, flags`;

/** Rows whose COPY lines are built between two turns of the event loop (see copyBatches). */
const LINES_PER_TURN = 500;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Rows by COPY FROM STDIN in batches of STAGING_BATCH, the next batch's lines (hashing,
 * encryption, escaping) built while the COPY before it is in flight (decision 0142): a COPY is
 * I/O wait for Node, so the hashing of batch n+1 overlaps PostgreSQL writing batch n. The lines
 * are built a few hundred at a time with the event loop let run in between, so the COPY's pieces
 * keep flowing to the socket. One COPY at a time (a transaction has one connection); `done`
 * hears the rows written so far after each batch.
 */
async function copyBatches<T>(
  db: Db,
  statement: string,
  rows: readonly T[],
  line: (row: T, index: number) => string,
  done?: (written: number) => Promise<void>,
): Promise<void> {
  let inFlight: Promise<void> | null = null;
  for (let i = 0; i < rows.length; i += STAGING_BATCH) {
    const end = Math.min(i + STAGING_BATCH, rows.length);
    const lines: string[] = [];
    for (let j = i; j < end; j++) {
      lines.push(line(rows[j]!, j));
      if (inFlight && (j - i) % LINES_PER_TURN === LINES_PER_TURN - 1) await nextTurn();
    }
    if (inFlight) await inFlight;
    const copied = copyIn(db, statement, new CopyData(lines)).then(() => done?.(end));
    // Awaited below or at the next batch; a failure meanwhile is not an unhandled rejection.
    copied.catch(() => undefined);
    inFlight = copied;
  }
  if (inFlight) await inFlight;
}

/** The staged rows' keyed SSN hashes as hex, by index in the rows staged (stageRows' answer). */
export interface StagedHashes {
  ssn: string[];
  /** A dependent row's employee's; null where the row names none. */
  employeeSsn: (string | null)[];
}

/** A text value in COPY's text format (copyText): the common value, free of escapes, as is. */
const text = (v: string | null) => (v === null ? '\\N' : copyText(v));

/**
 * Stages mapped rows. SSNs are stored as the platform's keyed hash only (what the comparison
 * joins `employee`/`dependent` on; migrations 0027, 0029): never in the clear, and not encrypted
 * here, since most rows of a file change nothing; a change's row is encrypted when the change is
 * stored (insertChanges), and Apply copies that ciphertext into a new member. On PostgreSQL by
 * COPY FROM STDIN (copyBatches, decisions 0137 and 0142), each line written out field by field
 * (no array of values per row, the two hashes' hex kept for the caller: decision 0150); on
 * PGlite, which has no COPY stream, one multi-row insert per STAGING_BATCH rows. `staged` hears
 * the rows staged so far after each batch (the run's progress). Answers the rows' hashes as hex
 * (the preview matches Pillar's records to the file's SSNs by them), and leaves the staging
 * table's statistics taken again (analyzeStaging).
 */
export async function stageRows(
  db: Db,
  runId: number,
  rows: readonly StandardEligibilityRow[],
  ssn: SsnProtector,
  staged?: (rows: number) => Promise<void>,
): Promise<StagedHashes> {
  const hashes: StagedHashes = {
    ssn: new Array<string>(rows.length),
    employeeSsn: new Array<string | null>(rows.length),
  };
  const hashesOf = (r: StandardEligibilityRow, i: number) => {
    const h = ssn.searchHash(r.ssn).toString('hex');
    const eh = r.employeeSsn === null ? null : ssn.searchHash(r.employeeSsn).toString('hex');
    hashes.ssn[i] = h;
    hashes.employeeSsn[i] = eh;
    return [h, eh] as const;
  };
  if (canCopy(db)) {
    const run = `${runId}\t`;
    await copyBatches(
      db,
      `copy ei_staging_row (${STAGING_COLUMNS}) from stdin`,
      rows,
      (r, i) => {
        const [h, eh] = hashesOf(r, i);
        return (
          `${run}${r.rowNumber}\t${r.recordType}\t${text(r.maintenanceCode)}\t` +
          `${text(r.organizationId)}\t\\\\x${h}\t${eh === null ? '\\N' : `\\\\x${eh}`}\t` +
          `${text(r.firstName)}\t${text(r.lastName)}\t${text(r.dateOfBirth)}\t` +
          `${text(r.gender)}\t${text(r.relationship)}\t${text(r.groupId)}\t` +
          `${text(r.alternateGroupId)}\t${text(r.divisionId)}\t${text(r.benefitPackage)}\t` +
          `${text(r.effectiveDate)}\t${text(r.termDate)}\t${text(flags(r))}\n`
        );
      },
      staged,
    );
    await analyzeStaging(db);
    return hashes;
  }
  for (let i = 0; i < rows.length; i += STAGING_BATCH) {
    const b = rows.slice(i, i + STAGING_BATCH);
    const col = <T>(f: (r: StandardEligibilityRow) => T) => b.map(f);
    await sql`
      insert into ei_staging_row (${sql.raw(STAGING_COLUMNS)})
      select ${runId}, n, t, m, o, decode(h, 'hex'), decode(eh, 'hex'),
        fn, ln, dob, g, rel, gid, agid, did, bp, ed, td, fl
      from unnest(
        ${col((r) => r.rowNumber)}::int[], ${col((r) => r.recordType)}::text[],
        ${col((r) => r.maintenanceCode)}::text[], ${col((r) => r.organizationId)}::text[],
        ${b.map((r, j) => hashesOf(r, i + j)[0])}::text[],
        ${b.map((_, j) => hashes.employeeSsn[i + j])}::text[],
        ${col((r) => r.firstName)}::text[], ${col((r) => r.lastName)}::text[],
        ${col((r) => r.dateOfBirth)}::date[], ${col((r) => r.gender)}::text[],
        ${col((r) => r.relationship)}::text[],
        ${col((r) => r.groupId)}::text[], ${col((r) => r.alternateGroupId)}::text[],
        ${col((r) => r.divisionId)}::text[], ${col((r) => r.benefitPackage)}::text[],
        ${col((r) => r.effectiveDate)}::date[], ${col((r) => r.termDate)}::date[],
        ${col(flags)}::text[])
        as u(n, t, m, o, h, eh, fn, ln, dob, g, rel, gid, agid, did, bp, ed, td, fl)`.execute(db);
    await staged?.(i + b.length);
  }
  await analyzeStaging(db);
  return hashes;
}

/**
 * The staging table's statistics taken again once a run's rows are in (decision 0150): the
 * preview's reads join the run's rows by hash, and planned on statistics from before the COPY
 * (the run's id unknown to them, so a few hundred rows expected) PostgreSQL probed the members'
 * hash index once per staged row instead of hash-joining: 0.76 s instead of 0.25 s for 140,000
 * rows. Only the two columns those reads filter and join on; ANALYZE samples a bounded number of
 * rows whatever the table's size.
 */
async function analyzeStaging(db: Db): Promise<void> {
  await sql`analyze ei_staging_row (run_id, ssn_hash)`.execute(db);
}

/**
 * Stores the preview's change rows (numbered from 1 in file order): by COPY as staging is
 * (copyBatches: each batch's SSNs encrypted while the batch before is copied), else in batches.
 * `families` (dependentFamilies: a dependent row's employee SSN by row number) puts each change
 * in its family's Apply lane (decision 0149); without it every change is in lane 0.
 */
export async function insertChanges(
  db: Db,
  runId: number,
  changes: readonly ChangeRow[],
  ssn: SsnProtector,
  families?: ReadonlyMap<number, string>,
): Promise<void> {
  const lane = (c: ChangeRow) =>
    families === undefined || c.rowNumber === null
      ? 0
      : laneOfFamily(ssn.searchHash(families.get(c.rowNumber) ?? c.ssn));
  if (canCopy(db)) {
    await copyBatches(
      db,
      `copy ei_change (run_id, change_id, row_number, kind, ssn_hash, ssn_encrypted, member_id,
        field, old_value, new_value, change_date, lane) from stdin`,
      changes,
      (c, i) =>
        copyRow([
          runId,
          i + 1,
          c.rowNumber,
          c.kind,
          ssn.searchHash(c.ssn),
          ssn.encrypt(c.ssn),
          c.memberId,
          c.field,
          c.oldValue,
          c.newValue,
          c.changeDate,
          lane(c),
        ]),
    );
    return;
  }
  for (let i = 0; i < changes.length; i += STAGING_BATCH) {
    const b = changes.slice(i, i + STAGING_BATCH);
    const col = <T>(f: (c: ChangeRow) => T) => b.map(f);
    await sql`
      insert into ei_change (run_id, change_id, row_number, kind, ssn_hash, ssn_encrypted,
        member_id, field, old_value, new_value, change_date, lane)
      select ${runId}, id, rn, k, decode(h, 'hex'), decode(e, 'hex'), m, f, o, nv, d, l from unnest(
        ${b.map((_, j) => i + j + 1)}::int[], ${col((c) => c.rowNumber)}::int[],
        ${col((c) => c.kind)}::text[], ${col((c) => hex(ssn.searchHash(c.ssn)))}::text[],
        ${col((c) => hex(ssn.encrypt(c.ssn)))}::text[],
        ${col((c) => c.memberId)}::int[], ${col((c) => c.field)}::text[],
        ${col((c) => c.oldValue)}::text[], ${col((c) => c.newValue)}::text[],
        ${col((c) => c.changeDate)}::date[], ${col(lane)}::int[])
        as u(id, rn, k, h, e, m, f, o, nv, d, l)`.execute(db);
  }
}

export async function insertRejected(
  db: Db,
  runId: number,
  rejected: readonly RejectedRow[],
): Promise<void> {
  for (let i = 0; i < rejected.length; i += STAGING_BATCH) {
    const b = rejected.slice(i, i + STAGING_BATCH);
    await sql`
      insert into ei_rejected (run_id, row_number, field, message)
      select ${runId}, * from unnest(${b.map((r) => r.rowNumber)}::int[],
        ${b.map((r) => r.field)}::text[], ${b.map((r) => r.message)}::text[])
      on conflict do nothing`.execute(db);
  }
}

/**
 * Accept every change, or every change but the deselected ones. Nothing touches members. A
 * change Apply has reached (its lane's mark, decision 0149, or its own mark) keeps its selection.
 */
export async function saveSelection(
  db: Db,
  runId: number,
  deselected: readonly number[],
): Promise<void> {
  await sql`
    update ei_change c set selected = not (c.change_id = any(${[...deselected]}::int[]))
    where c.run_id = ${runId} and c.applied_at is null
      and c.change_id > coalesce((select l.applied_through from ei_apply_lane l
        where l.run_id = c.run_id and l.lane = c.lane), 0)`.execute(db);
}

/**
 * The next batch of selected changes not yet applied, in change order: a resumed apply starts
 * where the killed one stopped, since a batch's marks are set in its own transaction.
 */
export async function nextUnapplied(
  db: Db,
  runId: number,
  limit: number,
): Promise<
  {
    changeId: number;
    kind: string;
    memberId: number | null;
    field: string | null;
    newValue: string | null;
    changeDate: string;
  }[]
> {
  const { rows } = await sql<{
    changeId: number;
    kind: string;
    memberId: number | null;
    field: string | null;
    newValue: string | null;
    changeDate: string;
  }>`
    select change_id as "changeId", kind, member_id as "memberId", field,
           new_value as "newValue", change_date::text as "changeDate"
    from ei_change
    where run_id = ${runId} and selected and applied_at is null and kind <> 'absent'
    order by change_id
    limit ${limit}`.execute(db);
  return rows;
}

/** Marks changes applied; called in the transaction that writes them. */
export async function markApplied(
  db: Db,
  runId: number,
  changeIds: readonly number[],
): Promise<void> {
  await sql`
    update ei_change set applied_at = now()
    where run_id = ${runId} and change_id = any(${[...changeIds]}::int[])`.execute(db);
  await sql`
    update ei_run set rows_applied = rows_applied + ${changeIds.length}
    where run_id = ${runId}`.execute(db);
}

export async function setRunStatus(
  db: Db,
  runId: number,
  status: 'reading' | 'previewed' | 'applying' | 'applied' | 'failed',
  counts: { rowsRead?: number; rowsValidated?: number; rowsRejected?: number } = {},
): Promise<void> {
  await sql`
    update ei_run set status = ${status},
      rows_read = coalesce(${counts.rowsRead ?? null}::int, rows_read),
      rows_validated = coalesce(${counts.rowsValidated ?? null}::int, rows_validated),
      rows_rejected = coalesce(${counts.rowsRejected ?? null}::int, rows_rejected),
      started_phase_at = now()
    where run_id = ${runId}`.execute(db);
}

export async function countStaged(db: Db, runId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ei_staging_row where run_id = ${runId}`.execute(db);
  return rows[0]?.n ?? 0;
}
