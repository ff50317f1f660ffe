import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import {
  CHANGE_KIND_LABELS,
  dependentStatuses,
  diffEligibility,
  ELIGIBILITY_IMPORT_MESSAGES as M,
  type ChangeKind,
  type CurrentEligibility,
  importRunStartFields,
  type AdvancedOptions,
  type ImportRun,
  type RejectedFilter,
  type RejectedRow,
  type StandardEligibilityRow,
} from '@pillar/domain';
import { likePattern } from '../../platform/db/like-pattern.ts';
import type { DB } from '../../database.ts';
import {
  canSeeOrganization,
  loadPrincipal,
  type Principal,
} from '../../platform/auth/principal.ts';
import type { SsnProtector } from '../../platform/crypto/ssn.ts';
import { badRequest, HttpProblem, notFound } from '../../platform/http/problem.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import {
  cleanFileName,
  multipartProblem,
  streamIntoStorage,
} from '../../platform/storage/streamed-upload.ts';
import { listConfigurations } from '../import-schemas/index.ts';
import { requireConfiguration, requireRun, seesOwnRunsOnly } from './eligibility-imports.access.ts';
import { dependentFamilies } from './eligibility-imports.lanes.ts';
import * as preview from './eligibility-imports.preview.repo.ts';
import { readRunFile } from './eligibility-imports.read.ts';
import {
  insertChanges,
  insertRejected,
  insertRun,
  activeRunId,
  setRunStatus,
  stageRows,
  type StagedHashes,
} from './eligibility-imports.repo.ts';

/*
 * Eligibility import runs up to the preview (issue 17, decisions 0123 and 0127): the upload is
 * streamed into storage and the run queued (one active run per configuration, else 409); the
 * job reads the file with the configuration's schema, validates and stages the rows (SSNs as
 * keyed hash and ciphertext), compares them with the organization's members and dependents
 * (joined by SSN hash; the rule is the domain's diffEligibility) and stores the changes and the
 * rejected rows. Nothing is written to members here: Apply is its own job.
 */

export const PREVIEW_QUEUE = 'eligibility-import.preview';

/** The largest file a run accepts (100,000 members with dependents is far below it). */
export const ELIGIBILITY_FILE_MAX_BYTES = 200 * 1024 * 1024;

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const FORMAT = { csv: 'csv', fixed: 'fixed', excel: 'xlsx', edi: 'edi' } as const;

export interface PreviewDeps {
  db: Kysely<DB>;
  storage: FileStorage;
  ssn: SsnProtector;
  /** The import day (YYYY-MM-DD); today in UTC unless a test fixes it. */
  today?: () => string;
}

const fileProblem = (detail: string) => badRequest(detail, { file: detail });

function toAnswer(run: preview.RunRow, counts: Record<string, number>): ImportRun {
  let secondsLeft: number | null = null;
  const elapsed = run.startedPhaseAt ? (Date.now() - run.startedPhaseAt.getTime()) / 1000 : 0;
  if (run.status === 'reading' && run.rowsValidated > 0 && run.rowsRead > run.rowsValidated)
    secondsLeft = Math.ceil(((run.rowsRead - run.rowsValidated) * elapsed) / run.rowsValidated);
  if (run.status === 'applying' && run.rowsApplied > 0 && run.rowsSelected > run.rowsApplied)
    secondsLeft = Math.ceil(((run.rowsSelected - run.rowsApplied) * elapsed) / run.rowsApplied);
  return {
    runId: run.runId,
    eicNo: run.eicNo,
    organizationId: run.organizationNo,
    fileName: run.fileName,
    fileFormat: run.fileFormat,
    status: run.status,
    createdBy: run.createdBy,
    createdAt: run.createdAt.toISOString(),
    appliedBy: run.appliedBy,
    appliedAt: run.appliedAt ? run.appliedAt.toISOString() : null,
    rowsRead: run.rowsRead,
    rowsValidated: run.rowsValidated,
    rowsApplied: run.rowsApplied,
    rowsSelected: run.rowsSelected,
    rowsRejected: run.rowsRejected,
    secondsLeft,
    counts: counts as Record<ChangeKind, number>,
    has999: run.ack999Key !== null,
    hasTa1: run.ackTa1Key !== null,
    fullFile: run.fullFile,
    error: run.error,
  };
}

export async function runAnswer(db: Kysely<DB>, runId: number): Promise<ImportRun> {
  const run = await preview.findRun(db, runId);
  if (!run) throw notFound('Import run');
  return toAnswer(run, await preview.countsByKind(db, runId));
}

/** The 409 of a second run: the problem, with the active run's id for the client to open. */
export class RunInProgress extends HttpProblem {
  readonly runId: number;
  constructor(runId: number) {
    super(409, 'Conflict', M.runInProgress);
    this.runId = runId;
  }
}

/**
 * Streams the uploaded file into storage, creates the run and queues its preview job. A second
 * upload while a run of the configuration is reading or applying is refused (409, the partial
 * unique index decides) and its file removed.
 */
export async function startRun(
  deps: { db: Kysely<DB>; storage: FileStorage; jobs: JobQueue },
  principal: Principal,
  eicNo: number,
  parts: AsyncIterable<Multipart>,
  discardRest: () => void,
): Promise<ImportRun> {
  const { db, storage, jobs } = deps;
  const config = await requireConfiguration(db, principal, eicNo);
  const active = await activeRunId(db, eicNo);
  if (active !== null) {
    discardRest();
    throw new RunInProgress(active);
  }
  let stored: { key: string; name: string } | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || stored)
        throw fileProblem('Send one eligibility file, as the part named file');
      const name = cleanFileName(part.filename);
      if (!name) throw fileProblem('Choose a file to import');
      if (name.length > 255) throw fileProblem('The file name must not exceed 255 characters');
      const key = `eligibility-imports/${crypto.randomUUID()}`;
      const xlsx = config.mediaType === 'excel';
      await streamIntoStorage(storage, key, part.file, {
        maxBytes: ELIGIBILITY_FILE_MAX_BYTES,
        headBytes: 512,
        contentMatches: (head) =>
          xlsx ? XLSX_MAGIC.every((b, i) => head[i] === b) : !head.includes(0),
        tooLarge: () => fileProblem('The file is larger than 200 MB'),
        mismatch: () => fileProblem(M.wrongLayout),
        empty: () => fileProblem(M.emptyFile),
      });
      stored = { key, name };
    }
    if (!stored) throw fileProblem('Choose a file to import');
  } catch (error) {
    discardRest();
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    throw multipartProblem(error, { tooManyFiles: 'Send one eligibility file', field: 'file' });
  }
  const checked = importRunStartFields.safeParse(fields);
  if (!checked.success) {
    await storage.delete(stored.key).catch(() => undefined);
    const issue = checked.error.issues[0]!;
    const field = issue.code === 'unrecognized_keys' ? issue.keys[0]! : String(issue.path[0]);
    const message =
      issue.code === 'unrecognized_keys' ? `Unexpected field ${field}` : issue.message;
    throw badRequest(message, { [field]: message });
  }
  const runId = await insertRun(db, {
    fullFile: checked.data.fullFile === 'true',
    eicNo,
    organizationNo: config.organizationNo,
    fileName: stored.name,
    fileFormat: FORMAT[config.mediaType],
    storageKey: stored.key,
    createdBy: principal.userNo,
  });
  if (runId === null) {
    await storage.delete(stored.key).catch(() => undefined);
    throw new RunInProgress((await activeRunId(db, eicNo)) ?? 0);
  }
  try {
    await jobs.send(PREVIEW_QUEUE, { runId });
  } catch (error) {
    // A run never queued would hold the configuration's one active slot for ever.
    await preview.failRun(db, runId, 'The run could not be queued.');
    throw error;
  }
  return runAnswer(db, runId);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The protector with each SSN's hash and ciphertext computed once per run: a row is staged (its
 * hash) and then stored as a change (hash and ciphertext) with the same SSN. Measured on the
 * 2-core machine (decision 0137): an encryption about 8 µs (a third of it the IV's random bytes
 * before they were drawn in bulk), a hash about 2 µs, a decryption about 3 µs. One ciphertext
 * per SSN within a run only shows that two of its rows hold the same SSN, which the hash beside
 * it shows anyway.
 */
export function onceEach(ssn: SsnProtector): SsnProtector {
  const hashes = new Map<string, Buffer>();
  const ciphertexts = new Map<string, Buffer>();
  return {
    encrypt(value) {
      let c = ciphertexts.get(value);
      if (!c) ciphertexts.set(value, (c = ssn.encrypt(value)));
      return c;
    },
    decrypt: (stored) => ssn.decrypt(stored),
    searchHash(value) {
      let h = hashes.get(value);
      if (!h) hashes.set(value, (h = ssn.searchHash(value)));
      return h;
    },
  };
}

/**
 * The file's SSNs (its rows' and the employees' its dependents name) by their keyed hash as hex,
 * from the hashes the staging computed (stageRows' answer): nothing hashed twice (decision 0150).
 */
export function fileSsnsByHash(
  rows: readonly { ssn: string; employeeSsn: string | null }[],
  hashes: StagedHashes,
): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out.set(hashes.ssn[i]!, r.ssn);
    const eh = hashes.employeeSsn[i];
    if (eh != null && r.employeeSsn !== null) out.set(eh, r.employeeSsn);
  }
  return out;
}

/**
 * The preview job. Starts again from nothing on a retry (the staging of a killed attempt is
 * removed first); a run past reading is left alone. An unexpected failure marks the run failed
 * with its reason (never a row's values: health data stays out of the log and the run).
 */
export async function runPreviewJob(deps: PreviewDeps, runId: number): Promise<void> {
  const { db, storage } = deps;
  const ssn = onceEach(deps.ssn);
  const run = await preview.findRun(db, runId);
  if (!run || (run.status !== 'queued' && run.status !== 'reading')) return;
  try {
    await db.transaction().execute((trx) => preview.resetPreview(trx, runId));
    const config = (await preview.findConfiguration(db, run.eicNo))!;
    const fields = await preview.findSchemaFields(db, config.schemaNo);
    const now = new Date();
    const read = await readRunFile(db, await storage.get(run.storageKey), config, fields, {
      now,
      controlNumber: (runId % 999_999_999) + 1,
    });
    const ackKey = (kind: string) =>
      `eligibility-imports/ack-${runId}-${kind}-${crypto.randomUUID()}`;
    const keys = {
      ack999: read.ack999 === null ? null : ackKey('999'),
      ta1: read.ta1 === null ? null : ackKey('ta1'),
    };
    if (keys.ack999) await storage.put(keys.ack999, Readable.from([read.ack999!]));
    if (keys.ta1) await storage.put(keys.ta1, Readable.from([read.ta1!]));
    await preview.setAckKeys(db, runId, keys);
    await preview.recordProgress(db, runId, { rowsRead: read.rowsRead, rowsValidated: 0 });
    await previewRows(
      { ...deps, ssn },
      {
        runId,
        organizationNo: config.organizationNo,
        fullFile: run.fullFile,
        createdByNo: run.createdByNo,
      },
      config.options,
      read,
    );
  } catch (error) {
    const message = error instanceof Error ? error.name : 'Error';
    await preview.failRun(db, runId, `The file could not be previewed (${message}).`);
  }
}

/** The steps of a preview after the file is read, each named for the bench's meter. */
export type PreviewStep =
  'stage' | 'otherOrganizations' | 'readCurrent' | 'currentSsns' | 'diff' | 'storeChanges';

/**
 * How previewRows runs each step: the job runs it as it is; the import bench (bench/lib/import.ts)
 * times it (wall and CPU seconds per step, decision 0142).
 */
export type PreviewStepRunner = <T>(step: PreviewStep, run: () => Promise<T>) => Promise<T>;

const untimed: PreviewStepRunner = (_step, run) => run();

/**
 * The preview of rows read from a run's file (the job's work after readRunFile): staged (their
 * progress counted for the progress bar), the rows naming another organization's members
 * rejected, compared with the organization's members and dependents, and the changes and
 * rejected rows stored with the run's status in one transaction. `deps.ssn` should be the run's
 * onceEach protector (each SSN hashed and encrypted once).
 */
export async function previewRows(
  deps: Omit<PreviewDeps, 'storage'>,
  run: { runId: number; organizationNo: number; fullFile: boolean; createdByNo: number },
  options: AdvancedOptions,
  read: { rows: StandardEligibilityRow[]; rejected: readonly RejectedRow[] },
  step: PreviewStepRunner = untimed,
): Promise<{ changes: number; rejected: number; elsewhere: number }> {
  const { db, ssn } = deps;
  const { runId, organizationNo } = run;
  // Staged in batches (each batch hashed while the one before is copied); the run's counts move
  // with each for the progress bar.
  const hashes = await step('stage', () =>
    stageRows(db, runId, read.rows, ssn, (staged) =>
      preview.recordProgress(db, runId, { rowsValidated: staged }),
    ),
  );
  // The rows naming other organizations' members and the organization's records the file names
  // are read at once, on two connections (decision 0142). Only an 834 audit (030) not marked a
  // full file at upload waits: whether it is a full file depends on the rows left.
  const audit = (rows: readonly StandardEligibilityRow[]) =>
    rows.some((r) => r.maintenanceCode?.trim() === '030');
  const known = run.fullFile || !audit(read.rows);
  const reads = step('readCurrent', () =>
    Promise.all([
      preview.rowsNamingOtherOrganizations(db, runId, organizationNo),
      known ? preview.currentRecords(db, runId, organizationNo, run.fullFile) : null,
    ]),
  );
  // Awaited below; a failure meanwhile is not an unhandled rejection.
  reads.catch(() => undefined);
  // A member the file names is matched by its SSN's keyed hash, and its SSN is the file's: only
  // the members a full file leaves out are decrypted (decision 0137). The file's SSNs by hash are
  // gathered while PostgreSQL reads (decision 0142), from the staging's hashes (decision 0150).
  const fileSsn = fileSsnsByHash(read.rows, hashes);
  const [elsewhereRows, storedEarly] = await reads;
  const elsewhere = new Set(elsewhereRows);
  const rejected: RejectedRow[] = [...read.rejected];
  const rows = read.rows.filter((r) => {
    if (!elsewhere.has(r.rowNumber)) return true;
    rejected.push({ rowNumber: r.rowNumber, field: 'ssn', message: M.organizationMismatch });
    return false;
  });
  // Marked at upload, or an 834 audit (030): the members the file leaves out are listed.
  const fullFile = run.fullFile || audit(rows);
  if (fullFile && !run.fullFile) await preview.markFullFile(db, runId);
  const stored =
    storedEarly ??
    (await step('readCurrent', () => preview.currentRecords(db, runId, organizationNo, fullFile)));
  const current = await step('currentSsns', async () => {
    const plain = (hash: string, encrypted: Buffer | null) => {
      const fromFile = fileSsn.get(hash);
      if (fromFile !== undefined) return fromFile;
      if (encrypted === null) throw new Error('A member read for a staged row has no such row');
      return ssn.decrypt(encrypted);
    };
    return stored.map((c): CurrentEligibility => ({
      memberId: c.memberId,
      recordType: c.recordType,
      ssn: plain(c.ssnHash, c.ssnEncrypted),
      employeeSsn:
        c.employeeSsnHash && c.employeeSsnEncrypted
          ? plain(c.employeeSsnHash, c.employeeSsnEncrypted)
          : null,
      firstName: c.firstName,
      lastName: c.lastName,
      dateOfBirth: c.dateOfBirth,
      gender: c.gender,
      groupId: c.groupId,
      divisionId: c.divisionId,
      benefitPackage: c.benefitPackage,
      effectiveDate: c.effectiveDate,
      termDate: c.termDate,
      cobra: c.cobra,
      retiree: c.retiree,
      ...dependentStatuses(c.relationship),
    }));
  });
  const diff = await step('diff', async () =>
    diffEligibility(rows, current, {
      organizationId: String(organizationNo),
      groups: new Set(await preview.organizationGroups(db, organizationNo)),
      today: (deps.today ?? todayUtc)(),
      fullFile,
      options,
      permittedGroups: await permittedGroups(db, run.createdByNo, organizationNo),
    }),
  );
  rejected.push(...diff.rejected);
  await step('storeChanges', () =>
    db.transaction().execute(async (trx) => {
      await insertChanges(trx, runId, diff.changes, ssn, dependentFamilies(read.rows));
      await insertRejected(trx, runId, rejected);
      await setRunStatus(trx, runId, 'previewed', {
        rowsValidated: read.rows.length,
        rowsRejected: new Set(rejected.map((r) => r.rowNumber)).size,
      });
    }),
  );
  return { changes: diff.changes.length, rejected: rejected.length, elsewhere: elsewhere.size };
}

/**
 * The groups the run's user may change in the organization when restricted to some of them (a
 * client or broker, decision 0138), as the principal is now; undefined for every group. A user
 * no longer active may change none.
 */
async function permittedGroups(
  db: Kysely<DB>,
  userNo: number,
  organizationNo: number,
): Promise<ReadonlySet<string> | undefined> {
  const principal = await loadPrincipal(db, { userNo });
  if (!principal) return new Set();
  const granted = principal.restrictedGroups.get(organizationNo);
  if (!granted) return undefined;
  return new Set(await preview.groupIdsOf(db, organizationNo, [...granted]));
}

/** The worker (main.ts starts it with the other workers). */
export async function startEligibilityImportWorker(
  deps: PreviewDeps & { jobs: JobQueue },
): Promise<void> {
  await deps.jobs.work<{ runId: number }>(PREVIEW_QUEUE, (data) => runPreviewJob(deps, data.runId));
}

// ---- Reads ----

/**
 * The organization's import configurations for whoever may run imports or read their runs: a
 * client's or broker's manage-eligibility reaches them as the data roles do (decision 0138); an
 * organization outside the caller's is a 404.
 */
export async function listRunConfigurations(
  db: Kysely<DB>,
  principal: Principal,
  orgId: number,
  query: { limit: number; offset: number; sort?: { field: 'eicName'; direction: 'asc' | 'desc' } },
) {
  if (!canSeeOrganization(principal, orgId)) throw notFound('Organization');
  return listConfigurations(db, principal, {
    orgId,
    limit: query.limit,
    offset: query.offset,
    sort: query.sort ?? { field: 'eicName', direction: 'asc' },
  });
}

export async function getRun(db: Kysely<DB>, principal: Principal, runId: number) {
  await requireRun(db, principal, runId);
  return runAnswer(db, runId);
}

export async function listRuns(
  db: Kysely<DB>,
  principal: Principal,
  eicNo: number,
  query: {
    limit: number;
    offset: number;
    sort?: { field: 'createdAt' | 'status'; direction: 'asc' | 'desc' };
  },
) {
  const config = await requireConfiguration(db, principal, eicNo);
  const { rows, total } = await preview.listRuns(db, eicNo, {
    createdBy: seesOwnRunsOnly(principal, config.organizationNo) ? principal.userNo : undefined,
    limit: query.limit,
    offset: query.offset,
    sort: query.sort?.field ?? 'createdAt',
    desc: (query.sort?.direction ?? 'desc') === 'desc',
  });
  const data = await Promise.all(
    rows.map(async (r) => toAnswer(r, await preview.countsByKind(db, r.runId))),
  );
  return { data, totalCount: total };
}

const last4 = (ssn: SsnProtector, encrypted: Buffer | null) =>
  encrypted ? ssn.decrypt(encrypted).slice(5) : '';

export async function listChanges(
  deps: { db: Kysely<DB>; ssn: SsnProtector },
  principal: Principal,
  runId: number,
  query: {
    limit: number;
    offset: number;
    kind?: ChangeKind;
    sort?: { field: 'rowNumber' | 'kind'; direction: 'asc' | 'desc' };
  },
) {
  await requireRun(deps.db, principal, runId);
  const { rows, total } = await preview.listChanges(deps.db, runId, {
    limit: query.limit,
    offset: query.offset,
    kind: query.kind,
    sort: query.sort?.field ?? 'rowNumber',
    desc: query.sort?.direction === 'desc',
  });
  return {
    data: rows.map(({ ssnEncrypted, ...c }) => ({ ...c, ssnLast4: last4(deps.ssn, ssnEncrypted) })),
    totalCount: total,
  };
}

const rejectedFilter = (filter: RejectedFilter) => ({
  field: filter.field,
  messagePattern: filter.message ? likePattern(filter.message) : undefined,
});

export async function listRejected(
  db: Kysely<DB>,
  principal: Principal,
  runId: number,
  query: RejectedFilter & { limit: number; offset: number; sort?: { direction: 'asc' | 'desc' } },
) {
  await requireRun(db, principal, runId);
  const { rows, total } = await preview.listRejected(db, runId, {
    limit: query.limit,
    offset: query.offset,
    desc: query.sort?.direction === 'desc',
    ...rejectedFilter(query),
  });
  return { data: rows, totalCount: total, fields: await preview.rejectedFields(db, runId) };
}

const CHANGE_HEADER = [
  'Change',
  'Row',
  'Kind',
  'SSN (last 4)',
  'Name',
  'Field',
  'Old value',
  'New value',
  'Change date',
  'Selected',
];
const REJECTED_HEADER = ['Row', 'Field', 'Message'];

export interface Download {
  name: string;
  type: string;
  body: Buffer | Readable;
}

/** A preview download: changes or rejected rows as CSV or XLSX, or an 834 run's 999 or TA1. */
export async function download(
  deps: { db: Kysely<DB>; storage: FileStorage; ssn: SsnProtector },
  principal: Principal,
  runId: number,
  file: 'changes.csv' | 'changes.xlsx' | 'rejected.csv' | 'rejected.xlsx' | '999' | 'ta1',
  filter: RejectedFilter = {},
): Promise<Download> {
  const run = await requireRun(deps.db, principal, runId);
  if (file === '999' || file === 'ta1') {
    const key = file === '999' ? run.ack999Key : run.ackTa1Key;
    if (!key) throw notFound(file === '999' ? '999 acknowledgment' : 'TA1 acknowledgment');
    return {
      name: `run-${runId}.${file}`,
      type: 'application/edi-x12',
      body: await deps.storage.get(key),
    };
  }
  let header: string[];
  let rows: (string | number)[][];
  if (file.startsWith('changes')) {
    const all = await preview.listChanges(deps.db, runId, {
      limit: null,
      offset: 0,
      sort: 'rowNumber',
      desc: false,
    });
    header = CHANGE_HEADER;
    rows = all.rows.map((c) => [
      c.changeId,
      c.rowNumber ?? '',
      CHANGE_KIND_LABELS[c.kind],
      last4(deps.ssn, c.ssnEncrypted),
      c.name ?? '',
      c.field ?? '',
      c.oldValue ?? '',
      c.newValue ?? '',
      c.changeDate,
      c.selected ? 'Y' : 'N',
    ]);
  } else {
    const all = await preview.listRejected(deps.db, runId, {
      limit: null,
      offset: 0,
      desc: false,
      ...rejectedFilter(filter),
    });
    header = REJECTED_HEADER;
    rows = all.rows.map((r) => [r.rowNumber, r.field, r.message]);
  }
  const base = `run-${runId}-${file.split('.')[0]}`;
  if (file.endsWith('.csv')) {
    return {
      name: `${base}.csv`,
      type: 'text/csv; charset=utf-8',
      body: Buffer.from(
        Papa.unparse([header, ...rows.map((r) => r.map(String))], { escapeFormulae: true }),
        'utf8',
      ),
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(file.startsWith('changes') ? 'Changes' : 'Rejected');
  sheet.addRow(header).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  return {
    name: `${base}.xlsx`,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
