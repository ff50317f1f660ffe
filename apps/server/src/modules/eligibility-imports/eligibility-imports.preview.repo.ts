import { sql, type Kysely, type Transaction } from 'kysely';
import { ADVANCED_OPTION_KEYS, CHANGE_KINDS, type AdvancedOptions } from '@pillar/domain';
import type { DB } from '../../database.ts';

/*
 * The preview's reads and the job's bookkeeping (issue 17, decision 0127): configurations with
 * their schema, runs, the records Pillar holds for the staged SSN hashes, and the paged reads of
 * changes and rejected rows. SSNs are only hashes and ciphertexts here (migration 0027).
 */

type Db = Kysely<DB> | Transaction<DB>;

const optionColumn = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export interface ConfigurationRow {
  eicNo: number;
  organizationNo: number;
  schemaNo: number;
  mediaType: 'csv' | 'edi' | 'fixed' | 'excel';
  fileDelimiter: string | null;
  customDelimiter: string | null;
  header: string | null;
  footer: string | null;
  hasHeaderRow: boolean;
  templateNo: number | null;
  options: AdvancedOptions;
}

export async function findConfiguration(
  db: Db,
  eicNo: number,
): Promise<ConfigurationRow | undefined> {
  const { rows } = await sql<Record<string, unknown>>`
    select c.eic_no, c.organization_no, s.*
    from import_configuration c join import_schema s using (import_schema_no)
    where c.eic_no = ${eicNo}`.execute(db);
  const r = rows[0];
  if (!r) return undefined;
  return {
    eicNo: r.eic_no as number,
    organizationNo: r.organization_no as number,
    schemaNo: r.import_schema_no as number,
    mediaType: r.media_type as ConfigurationRow['mediaType'],
    fileDelimiter: r.file_delimiter as string | null,
    customDelimiter: r.custom_delimiter as string | null,
    header: r.header as string | null,
    footer: r.footer as string | null,
    hasHeaderRow: r.file_has_header_row as boolean,
    templateNo: r.dm_template_id as number | null,
    options: Object.fromEntries(
      ADVANCED_OPTION_KEYS.map((k) => [k, r[optionColumn(k)] === true]),
    ) as AdvancedOptions,
  };
}

export interface SchemaField {
  name: string;
  alias: string | null;
  start: number | null;
  end: number | null;
}

export async function findSchemaFields(db: Db, schemaNo: number): Promise<SchemaField[]> {
  const { rows } = await sql<SchemaField>`
    select field_name as name, alias, start_loc as start, end_loc as "end"
    from import_schema_field where import_schema_no = ${schemaNo} order by loc_index`.execute(db);
  return rows;
}

export interface RunRow {
  runId: number;
  eicNo: number;
  organizationNo: number;
  fileName: string;
  fileFormat: 'csv' | 'fixed' | 'xlsx' | 'edi';
  storageKey: string;
  status: 'queued' | 'reading' | 'previewed' | 'applying' | 'applied' | 'failed' | 'cancelled';
  createdBy: string;
  /** The user who started the run (whose group restrictions the preview follows). */
  createdByNo: number;
  createdAt: Date;
  appliedBy: string | null;
  appliedAt: Date | null;
  rowsRead: number;
  rowsValidated: number;
  rowsApplied: number;
  rowsRejected: number;
  rowsSelected: number;
  startedPhaseAt: Date | null;
  ack999Key: string | null;
  ackTa1Key: string | null;
  error: string | null;
  fullFile: boolean;
}

const userName = (column: string) =>
  sql<string>`coalesce((select u.first_name || ' ' || u.last_name from app_user u
    where u.user_no = ${sql.ref(column)}), '')`;

const runColumns = sql`
  r.run_id as "runId", r.eic_no as "eicNo", r.organization_no as "organizationNo",
  r.file_name as "fileName", r.file_format as "fileFormat", r.storage_key as "storageKey",
  r.status, ${userName('r.created_by')} as "createdBy", r.created_by as "createdByNo",
  r.created_at as "createdAt",
  case when r.applied_by is null then null else ${userName('r.applied_by')} end as "appliedBy",
  r.applied_at as "appliedAt", r.rows_read as "rowsRead", r.rows_validated as "rowsValidated",
  r.rows_applied as "rowsApplied", r.rows_rejected as "rowsRejected",
  (select count(*)::int from ei_change c
    where c.run_id = r.run_id and c.selected and c.kind <> 'absent') as "rowsSelected",
  r.started_phase_at as "startedPhaseAt", r.ack_999_key as "ack999Key",
  r.ack_ta1_key as "ackTa1Key", r.error, r.full_file as "fullFile"`;

export async function findRun(db: Db, runId: number): Promise<RunRow | undefined> {
  const { rows } = await sql<RunRow>`
    select ${runColumns} from ei_run r where r.run_id = ${runId}`.execute(db);
  return rows[0];
}

export async function listRuns(
  db: Db,
  eicNo: number,
  page: {
    limit: number;
    offset: number;
    sort: 'createdAt' | 'status';
    desc: boolean;
    /** Only the runs this user started (a user restricted to some groups, decision 0138). */
    createdBy?: number;
  },
): Promise<{ rows: RunRow[]; total: number }> {
  const mine = page.createdBy === undefined ? sql`` : sql`and created_by = ${page.createdBy}`;
  const order =
    page.sort === 'status'
      ? sql`r.status ${sql.raw(page.desc ? 'desc' : 'asc')}, r.run_id desc`
      : sql`r.created_at ${sql.raw(page.desc ? 'desc' : 'asc')}, r.run_id ${sql.raw(page.desc ? 'desc' : 'asc')}`;
  const { rows } = await sql<RunRow>`
    select ${runColumns} from ei_run r where r.eic_no = ${eicNo} ${mine}
    order by ${order} limit ${page.limit} offset ${page.offset}`.execute(db);
  const { rows: count } = await sql<{ n: number }>`
    select count(*)::int as n from ei_run where eic_no = ${eicNo} ${mine}`.execute(db);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function countsByKind(db: Db, runId: number): Promise<Record<string, number>> {
  const { rows } = await sql<{ kind: string; n: number }>`
    select kind, count(*)::int as n from ei_change where run_id = ${runId} group by kind`.execute(
    db,
  );
  const out: Record<string, number> = Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0]));
  for (const r of rows) out[r.kind] = r.n;
  return out;
}

/** Starts the preview again from nothing (a retried job, or a restart mid-read). */
export async function resetPreview(trx: Db, runId: number): Promise<void> {
  await sql`delete from ei_change where run_id = ${runId}`.execute(trx);
  await sql`delete from ei_rejected where run_id = ${runId}`.execute(trx);
  await sql`delete from ei_staging_row where run_id = ${runId}`.execute(trx);
  await sql`
    update ei_run set status = 'reading', rows_read = 0, rows_validated = 0, rows_rejected = 0,
      started_phase_at = now(), error = null, ack_999_key = null, ack_ta1_key = null
    where run_id = ${runId}`.execute(trx);
}

export async function recordProgress(
  db: Db,
  runId: number,
  counts: { rowsRead?: number; rowsValidated?: number },
): Promise<void> {
  await sql`
    update ei_run set rows_read = coalesce(${counts.rowsRead ?? null}::int, rows_read),
      rows_validated = coalesce(${counts.rowsValidated ?? null}::int, rows_validated)
    where run_id = ${runId}`.execute(db);
}

export async function setAckKeys(
  db: Db,
  runId: number,
  keys: { ack999: string | null; ta1: string | null },
): Promise<void> {
  await sql`update ei_run set ack_999_key = ${keys.ack999}, ack_ta1_key = ${keys.ta1}
    where run_id = ${runId}`.execute(db);
}

/** An 834 audit (030) is a full file whatever the upload said: the run shows it as one. */
export async function markFullFile(db: Db, runId: number): Promise<void> {
  await sql`update ei_run set full_file = true where run_id = ${runId}`.execute(db);
}

export async function failRun(db: Db, runId: number, error: string): Promise<void> {
  await sql`update ei_run set status = 'failed', error = ${error.slice(0, 2000)}
    where run_id = ${runId}`.execute(db);
}

/** A member or dependent as Pillar holds it (SSNs as ciphertexts, decrypted by the service). */
export interface CurrentRow {
  memberId: number;
  recordType: 'E' | 'D';
  /**
   * The keyed hashes (as hex) the file's rows are matched by; the ciphertexts for SSNs the file
   * may lack: a member's own only when every member is read (a full file), since a member read
   * because a staged row names it has the file's SSN (decision 0150).
   */
  ssnHash: string;
  employeeSsnHash: string | null;
  ssnEncrypted: Buffer | null;
  employeeSsnEncrypted: Buffer | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  gender: 'M' | 'F' | 'U';
  groupId: string;
  divisionId: string | null;
  benefitPackage: string | null;
  effectiveDate: string;
  termDate: string | null;
  cobra: boolean;
  retiree: boolean;
  /** A dependent's relationship code (its student, disabled or adult status); null for an employee. */
  relationship: number | null;
}

/**
 * The organization's members and dependents that the staged rows name (joined by the SSN's
 * keyed hash), or all of them with an SSN for a full file (its absent members). The hashes come
 * as hex text (what the service looks the file's SSNs up by), and a member's own ciphertext only
 * for a full file: no bytea parsed for 80,000 rows that need none (decision 0150).
 */
export async function currentRecords(
  db: Db,
  runId: number,
  organizationNo: number,
  all: boolean,
): Promise<CurrentRow[]> {
  const named = (alias: string) =>
    all
      ? sql`true`
      : sql`exists (select 1 from ei_staging_row s
          where s.run_id = ${runId} and s.ssn_hash = ${sql.ref(`${alias}.ssn_hash`)})`;
  const own = (alias: string) => (all ? sql.ref(`${alias}.ssn_encrypted`) : sql`null::bytea`);
  const { rows } = await sql<CurrentRow>`
    select e.employee_no as "memberId", 'E' as "recordType", encode(e.ssn_hash, 'hex') as "ssnHash",
      null::text as "employeeSsnHash", ${own('e')} as "ssnEncrypted",
      null::bytea as "employeeSsnEncrypted", e.first_name as "firstName", e.last_name as "lastName",
      e.birthdate::text as "dateOfBirth", e.gender, g.benefit_group_id as "groupId",
      dv.division_id as "divisionId", bp.benefit_package_id as "benefitPackage",
      e.effective_date::text as "effectiveDate", e.expiration_date::text as "termDate",
      e.is_cobra as cobra, e.is_retiree as retiree, null::smallint as relationship
    from employee e
    join benefit_group g on g.benefit_group_no = e.benefit_group_no
    left join division dv on dv.division_no = e.division_no
    left join benefit_package bp on bp.benefit_package_no = e.benefit_package_no
    where e.organization_no = ${organizationNo} and e.ssn_hash is not null and ${named('e')}
    union all
    select d.dependent_no, 'D', encode(d.ssn_hash, 'hex'), encode(e.ssn_hash, 'hex'), ${own('d')},
      e.ssn_encrypted,
      d.first_name, d.last_name,
      d.birthdate::text, d.gender, g.benefit_group_id, dv.division_id, bp.benefit_package_id,
      d.effective_date::text, d.expiration_date::text, false, false, d.relationship
    from dependent d
    join employee e on e.employee_no = d.employee_no and e.organization_no = d.organization_no
    join benefit_group g on g.benefit_group_no = e.benefit_group_no
    left join division dv on dv.division_no = e.division_no
    left join benefit_package bp on bp.benefit_package_no = e.benefit_package_no
    where d.organization_no = ${organizationNo} and d.ssn_hash is not null and ${named('d')}`.execute(
    db,
  );
  return rows;
}

/**
 * Row numbers whose SSN belongs to another organization's member or dependent and to none of
 * this organization's: a client's file never reaches another organization's members. The other
 * organizations' SSN hashes are one set the staged rows are matched against (a hash join when the
 * staged rows are many, decision 0150), and only a row found there is checked against this
 * organization's members: not four index probes for every staged row.
 */
export async function rowsNamingOtherOrganizations(
  db: Db,
  runId: number,
  organizationNo: number,
): Promise<number[]> {
  const { rows } = await sql<{ n: number }>`
    select s.row_number as n from ei_staging_row s
    where s.run_id = ${runId}
      and s.ssn_hash in (
        select e.ssn_hash from employee e
        where e.organization_no <> ${organizationNo} and e.ssn_hash is not null
        union all
        select d.ssn_hash from dependent d
        where d.organization_no <> ${organizationNo} and d.ssn_hash is not null)
      and not exists (select 1 from employee e
             where e.ssn_hash = s.ssn_hash and e.organization_no = ${organizationNo})
      and not exists (select 1 from dependent d
             where d.ssn_hash = s.ssn_hash and d.organization_no = ${organizationNo})
    order by 1`.execute(db);
  return rows.map((r) => r.n);
}

/** The ids of the organization's groups among these group numbers (a restricted user's grant). */
export async function groupIdsOf(
  db: Db,
  organizationNo: number,
  groupNos: readonly number[],
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select benefit_group_id as id from benefit_group
    where organization_no = ${organizationNo}
      and benefit_group_no = any(${[...groupNos]}::int[])`.execute(db);
  return rows.map((r) => r.id);
}

export async function organizationGroups(db: Db, organizationNo: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select benefit_group_id as id from benefit_group
    where organization_no = ${organizationNo}`.execute(db);
  return rows.map((r) => r.id);
}

export interface StoredChange {
  changeId: number;
  rowNumber: number | null;
  kind: (typeof CHANGE_KINDS)[number];
  ssnEncrypted: Buffer | null;
  memberId: number | null;
  name: string | null;
  field: string | null;
  oldValue: string | null;
  newValue: string | null;
  changeDate: string;
  selected: boolean;
  applied: boolean;
}

/**
 * A run's changes, paged. The name is the file row's; a member a full file leaves out (no row)
 * is named as Pillar holds it: its employee or dependent, matched by id and SSN hash in the
 * run's organization.
 */
export async function listChanges(
  db: Db,
  runId: number,
  page: {
    limit: number | null;
    offset: number;
    kind?: string;
    sort: 'rowNumber' | 'kind';
    desc: boolean;
  },
): Promise<{ rows: StoredChange[]; total: number }> {
  const dir = sql.raw(page.desc ? 'desc' : 'asc');
  const order =
    page.sort === 'kind'
      ? sql`c.kind ${dir}, c.change_id ${dir}`
      : sql`c.row_number ${dir} nulls last, c.change_id ${dir}`;
  const kind = page.kind ? sql`and c.kind = ${page.kind}` : sql``;
  const { rows } = await sql<StoredChange>`
    select c.change_id as "changeId", c.row_number as "rowNumber", c.kind,
      c.ssn_encrypted as "ssnEncrypted", c.member_id as "memberId",
      coalesce(s.last_name || ', ' || s.first_name, e.last_name || ', ' || e.first_name,
        d.last_name || ', ' || d.first_name) as name,
      c.field, c.old_value as "oldValue", c.new_value as "newValue",
      c.change_date::text as "changeDate", c.selected,
      (c.applied_at is not null or (c.selected and c.kind <> 'absent'
        and c.change_id <= coalesce(l.applied_through, 0)))
        -- A row refused at Apply is in ei_rejected (a previewed row with changes never is).
        and not exists (select from ei_rejected x
                         where x.run_id = c.run_id and x.row_number = c.row_number) as applied
    from ei_change c
    join ei_run r on r.run_id = c.run_id
    left join ei_apply_lane l on l.run_id = c.run_id and l.lane = c.lane
    left join ei_staging_row s on s.run_id = c.run_id and s.row_number = c.row_number
    left join employee e on c.row_number is null and e.employee_no = c.member_id
      and e.organization_no = r.organization_no and e.ssn_hash = c.ssn_hash
    left join dependent d on c.row_number is null and d.dependent_no = c.member_id
      and d.organization_no = r.organization_no and d.ssn_hash = c.ssn_hash
    where c.run_id = ${runId} ${kind}
    order by ${order}
    ${page.limit === null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}`.execute(db);
  const { rows: count } = await sql<{ n: number }>`
    select count(*)::int as n from ei_change c where c.run_id = ${runId} ${kind}`.execute(db);
  return { rows, total: count[0]?.n ?? 0 };
}

/**
 * A run's rejected rows, paged, filtered by field (exactly) and by text in the message (a LIKE
 * pattern the caller escapes, case ignored).
 */
export async function listRejected(
  db: Db,
  runId: number,
  page: {
    limit: number | null;
    offset: number;
    desc: boolean;
    field?: string;
    messagePattern?: string;
  },
): Promise<{ rows: { rowNumber: number; field: string; message: string }[]; total: number }> {
  const dir = sql.raw(page.desc ? 'desc' : 'asc');
  const where = sql`run_id = ${runId}
    ${page.field === undefined ? sql`` : sql`and field = ${page.field}`}
    ${page.messagePattern === undefined ? sql`` : sql`and lower(message) like lower(${page.messagePattern})`}`;
  const { rows } = await sql<{ rowNumber: number; field: string; message: string }>`
    select row_number as "rowNumber", field, message from ei_rejected where ${where}
    order by row_number ${dir}, field
    ${page.limit === null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}`.execute(db);
  const { rows: count } = await sql<{ n: number }>`
    select count(*)::int as n from ei_rejected where ${where}`.execute(db);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The fields a run's rejected rows name, in order (the filter's choices). */
export async function rejectedFields(db: Db, runId: number): Promise<string[]> {
  const { rows } = await sql<{ field: string }>`
    select distinct field from ei_rejected where run_id = ${runId} order by field`.execute(db);
  return rows.map((r) => r.field);
}
