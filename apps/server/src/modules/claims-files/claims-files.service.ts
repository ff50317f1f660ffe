import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Multipart } from '@fastify/multipart';
import {
  CLAIMS_FILE_MAX_BYTES,
  CLAIMS_FILE_MESSAGES,
  CLAIMS_FILE_NAME_MAX_LENGTH,
  fillRangeProblem,
  monthsInRange,
  summaryColumns,
  type AcceptFileInput,
  type ClaimRangeAnswer,
  type ClaimRangeQuery,
  type ClaimsFile,
  type ClaimsFileLists,
  type FaIterationDetail,
  type FaIterationInput,
  type FaIterationRow as FaIterationListRow,
  type MappedClaimsFile,
  type MappingSourceAnswer,
  type RegisterMappedInput,
  type SchemaInput,
  type UploadAnswer,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, notFound } from '../../platform/http/problem.ts';
import { StorageNotFoundError, type FileStorage } from '../../platform/storage/file-storage.ts';
import {
  cleanFileName,
  multipartProblem,
  streamIntoStorage,
} from '../../platform/storage/streamed-upload.ts';
import {
  createSchema,
  claimSampleFileByKey,
  findOutputMappings,
  findSameReadSchema,
  findWriteSchemaByName,
  insertSampleFile,
  isMappingOutputOf,
} from '../data-mapping/index.ts';
import { requireOpportunity } from '../evaluate/index.ts';
import {
  fixedBoundaries,
  formatOf,
  readClaimsFile,
  summarizeMapped,
} from './claims-files.parse.ts';
import * as repo from './claims-files.repo.ts';

/*
 * The claims file flow of an opportunity (issue 19, spec 3 §4 "Claims flow", §7; decision
 * 0126): upload (streamed, encrypted), accept, register the mapped file with its summary, ask
 * the claims in a fill range; and the financial analysis iterations.
 */

const fileProblem = (detail: string) => badRequest(detail, { file: detail });
const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export async function uploadClaimsFile(
  db: Kysely<DB>,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  parts: AsyncIterable<Multipart>,
  discardRest: () => void,
): Promise<UploadAnswer> {
  await requireOpportunity(db, opp);
  let stored: { key: string; name: string; size: number; sha256: string } | null = null;
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || stored)
        throw fileProblem('Send one claims file, as the part named file');
      const name = cleanFileName(part.filename);
      if (!name) throw fileProblem(CLAIMS_FILE_MESSAGES.fileRequired);
      if (name.length > CLAIMS_FILE_NAME_MAX_LENGTH)
        throw fileProblem(
          `The file name must not exceed ${CLAIMS_FILE_NAME_MAX_LENGTH} characters`,
        );
      // The extension decides what the content must look like; .txt's delimiter is read later.
      if (formatOf(name, '|') === null) throw fileProblem(CLAIMS_FILE_MESSAGES.badType);
      const xlsx = name.toLowerCase().endsWith('.xlsx');
      const key = `claims-files/${crypto.randomUUID()}`;
      const { size, sha256 } = await streamIntoStorage(storage, key, part.file, {
        maxBytes: CLAIMS_FILE_MAX_BYTES,
        headBytes: 512,
        contentMatches: (head) =>
          xlsx ? XLSX_MAGIC.every((b, i) => head[i] === b) : !head.includes(0),
        tooLarge: () => fileProblem(CLAIMS_FILE_MESSAGES.tooLarge),
        mismatch: () => fileProblem(CLAIMS_FILE_MESSAGES.badType),
        empty: () => fileProblem(CLAIMS_FILE_MESSAGES.empty),
      });
      stored = { key, name, size, sha256 };
    }
    if (!stored) throw fileProblem(CLAIMS_FILE_MESSAGES.fileRequired);
    const firstLine = await readFirstLine(storage, stored.key, stored.name);
    const format = formatOf(stored.name, firstLine)!;
    const shape = await readClaimsFile(format, await storage.get(stored.key));
    const already = await repo.findAcceptedByHash(db, opp, stored.sha256);
    await repo.insertClaimsFile(db, {
      prospect_opportunity_no: opp,
      file_name: stored.name,
      storage_key: stored.key,
      file_hash: stored.sha256,
      file_format: format,
      size_bytes: stored.size,
      cols: JSON.stringify(shape.cols),
      preview_rows: JSON.stringify(shape.preview),
      row_count: shape.rowCount,
      unparseable_rows: shape.unparseableRows,
      created_by: principal.userNo,
    });
    return {
      fileHash: stored.sha256,
      fileName: stored.name,
      format,
      cols: shape.cols.map((name) => ({ name })),
      previewRows: JSON.stringify(shape.preview),
      rowCount: shape.rowCount,
      unparseableRows: shape.unparseableRows,
      ...(already
        ? { alreadyAccepted: { id: already.claims_file_no, fileName: already.file_name } }
        : {}),
    };
  } catch (error) {
    discardRest();
    if (stored) await storage.delete(stored.key).catch(() => undefined);
    throw multipartProblem(error, { tooManyFiles: 'Send one claims file', field: 'file' });
  }
}

/** The first line of a text file (a .txt is pipe-delimited when it holds '|'). */
async function readFirstLine(storage: FileStorage, key: string, name: string): Promise<string> {
  if (name.toLowerCase().endsWith('.xlsx')) return '';
  const source = await storage.get(key);
  let text = '';
  for await (const chunk of source as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.includes('\n') || text.length > 65536) break;
  }
  source.destroy();
  return text.split(/\r?\n/)[0] ?? '';
}

function claimsFileOut(row: repo.ClaimsFileRow): ClaimsFile {
  return {
    id: row.claims_file_no,
    fileName: row.file_name,
    fileStorageId: row.storage_key,
    fileHash: row.file_hash,
    phi: row.phi,
    format: row.file_format,
    rowCount: row.row_count,
    unparseableRows: row.unparseable_rows,
    createdAt: row.created_at.toISOString(),
  };
}

type MappedRow = Awaited<ReturnType<typeof repo.listMappedFiles>>[number];

function mappedOut(row: MappedRow): MappedClaimsFile {
  return {
    id: row.mapped_claims_file_no,
    fileStorageId: row.storage_key,
    fileName: row.file_name,
    phi: row.phi,
    claimCount: row.claim_count,
    createdCols: row.created_cols,
    droppedCount: row.dropped_count,
    minDate: row.min_date,
    maxDate: row.max_date,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Accepts the upload the hash names (decision 0140): the same bytes already accepted in the
 * opportunity are that file (its PHI flag takes the new answer; no second copy is listed), and
 * every pending upload of these bytes other than the one accepted is removed with its bytes.
 */
export async function acceptFile(
  db: Kysely<DB>,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  input: AcceptFileInput,
): Promise<ClaimsFile> {
  await requireOpportunity(db, opp);
  const existing = await repo.findAcceptedByHash(db, opp, input.fileHash);
  const upload = existing ?? (await repo.findUploadByHash(db, opp, input.fileHash));
  if (!upload)
    throw badRequest(CLAIMS_FILE_MESSAGES.notUploaded, {
      fileHash: CLAIMS_FILE_MESSAGES.notUploaded,
    });
  const row = await repo.acceptClaimsFile(
    db,
    upload.claims_file_no,
    input.containsPhi,
    principal.userNo,
  );
  const stale = await repo.deletePendingByHash(db, opp, input.fileHash, upload.claims_file_no);
  for (const key of stale) await storage.delete(key).catch(() => undefined);
  return claimsFileOut(row);
}

export async function listFiles(db: Kysely<DB>, opp: number): Promise<ClaimsFileLists> {
  await requireOpportunity(db, opp);
  const [unmapped, mapped] = await Promise.all([
    repo.listAcceptedFiles(db, opp),
    repo.listMappedFiles(db, opp),
  ]);
  return { unmappedFiles: unmapped.map(claimsFileOut), mappedFiles: mapped.map(mappedOut) };
}

/**
 * Registers the mapped CSV a data-mapper job wrote into storage for one of the opportunity's
 * accepted files (only that job's output, asked of the data-mapping module), reading it once for
 * the summary. The mapped file inherits the unmapped file's PHI flag (it holds the same claims).
 */
export async function registerMapped(
  db: Kysely<DB>,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  input: RegisterMappedInput,
): Promise<MappedClaimsFile> {
  await requireOpportunity(db, opp);
  const noFile = () =>
    badRequest(CLAIMS_FILE_MESSAGES.noClaimsFile, {
      unmappedFileStorageId: CLAIMS_FILE_MESSAGES.noClaimsFile,
    });
  const unmapped = await repo.findAcceptedByStorageKey(db, opp, input.unmappedFileStorageId);
  if (!unmapped) throw noFile();
  const unreadable = () =>
    badRequest(CLAIMS_FILE_MESSAGES.mappedUnreadable, {
      mappedFileStorageId: CLAIMS_FILE_MESSAGES.mappedUnreadable,
    });
  // Scope (decision 0144 'Mapped file scope'): the key must name the output of a completed
  // data-mapper job that read this accepted file, checked before storage is read; any other key
  // (another opportunity's mapped file, another module's file, a job's output of another source)
  // names nothing here. Like unmappedFileStorageId, a reference in the body outside the
  // opportunity answers as one to nothing: 400 on the field, the same answer as a missing file,
  // so a caller cannot tell another opportunity's file from no file (404 is for the path's
  // opportunity, checked above).
  if (!(await isMappingOutputOf(db, input.mappedFileStorageId, unmapped.storage_key)))
    throw unreadable();
  let summary;
  try {
    summary = await summarizeMapped(await storage.get(input.mappedFileStorageId));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw unreadable();
    throw error;
  }
  // The template the mapping job ran says which source columns fed which mapped columns.
  const mappings = (await findOutputMappings(db, input.mappedFileStorageId)) ?? null;
  const columns = summaryColumns(unmapped.cols, summary.cols, mappings);
  const dates = Object.keys(summary.fillDateCounts).sort();
  const row = await repo.insertMappedFile(db, {
    prospect_opportunity_no: opp,
    claims_file_no: unmapped.claims_file_no,
    file_name: input.mappedFileName,
    storage_key: input.mappedFileStorageId,
    unmapped_storage_key: input.unmappedFileStorageId,
    phi: unmapped.phi,
    claim_count: summary.claimCount,
    created_cols: JSON.stringify(columns.createdCols),
    dropped_count: columns.droppedCount,
    min_date: dates[0] ?? null,
    max_date: dates[dates.length - 1] ?? null,
    fill_date_counts: JSON.stringify(summary.fillDateCounts),
    created_by: principal.userNo,
  });
  return mappedOut(row);
}

/** The standard claims write schema the seed stores (data-mapping.ts STANDARD_WRITE_SCHEMAS). */
const CLAIMS_WRITE_SCHEMA = 'Standard_Claims';
/** The widest last column of a fixed-width file's read schema (it runs to the line's end). */
const FIXED_LAST_COLUMN_WIDTH = 1000;

/** A template-name-safe suffix: the number in letters (the name rule refuses the digit 0). */
function letters(n: number): string {
  let out = '';
  let v = n;
  do {
    out = String.fromCharCode(65 + (v % 26)) + out;
    v = Math.floor(v / 26);
  } while (v > 0);
  return out;
}

/**
 * The Mapping stage's source (decision 0132): a read schema of the accepted file's columns (the
 * fixed-width starts read again from its header line), the standard claims write schema, and a
 * data-mapper source id for the caller that names the stored claims file, so a mapping job
 * streams it where it lies (no copy).
 */
export async function mappingSource(
  db: Kysely<DB>,
  storage: FileStorage,
  principal: Principal,
  opp: number,
  claimsFileNo: number,
): Promise<MappingSourceAnswer> {
  await requireOpportunity(db, opp);
  const file = await repo.findAcceptedFile(db, opp, claimsFileNo);
  if (!file) throw notFound('Claims file');
  const write = await findWriteSchemaByName(db, CLAIMS_WRITE_SCHEMA);
  if (!write) throw notFound('Standard claims write schema');
  let input: SchemaInput;
  const name = `Claims_File_${letters(file.claims_file_no)}`;
  if (file.file_format === 'fixed') {
    const bounds = fixedBoundaries(await readFirstLine(storage, file.storage_key, file.file_name));
    input = {
      name,
      mediaType: 'fixed',
      fileHasHeaderRow: true,
      fields: bounds.map((b, i) => ({
        name: file.cols[i] ?? b.name,
        required: false,
        startLoc: b.start + 1,
        locLength: (bounds[i + 1]?.start ?? b.start + FIXED_LAST_COLUMN_WIDTH) - b.start,
      })),
    };
  } else {
    input = {
      name,
      mediaType: file.file_format === 'xlsx' ? 'excel' : 'csv',
      delimiter: file.file_format === 'pipe' ? '|' : file.file_format === 'csv' ? ',' : null,
      fileHasHeaderRow: true,
      fields: file.cols.map((col) => ({ name: col, required: false })),
    };
  }
  // Each visit to the Mapping stage asks again: the read schema and the job source an earlier
  // visit made for this file are answered again rather than added anew (decision 0140).
  const readSchemaId =
    (await findSameReadSchema(db, {
      name: input.name,
      media_type: input.mediaType,
      delimiter: input.mediaType === 'csv' ? (input.delimiter ?? ',') : null,
      has_header: input.fileHasHeaderRow,
      fields: JSON.stringify(input.fields),
    })) ?? (await createSchema(db, principal, input)).id;
  let fileStorageId = await claimSampleFileByKey(db, file.storage_key, principal.userNo);
  if (!fileStorageId) {
    fileStorageId = crypto.randomUUID();
    await insertSampleFile(db, {
      file_storage_id: fileStorageId,
      filename: file.file_name,
      size_bytes: Number(file.size_bytes),
      storage_key: file.storage_key,
      created_by: principal.userNo,
    });
  }
  return { readSchemaId, writeSchemaId: write.schema_no, fileStorageId };
}

export async function claimRange(
  db: Kysely<DB>,
  opp: number,
  mappedNo: number,
  query: ClaimRangeQuery,
): Promise<ClaimRangeAnswer> {
  await requireOpportunity(db, opp);
  const file = await repo.findMappedFile(db, opp, mappedNo);
  if (!file) throw notFound('Mapped claims file');
  const start = query.minDate ?? file.min_date;
  const end = query.maxDate ?? file.max_date;
  if (start === null || end === null)
    return {
      totalCount: 0,
      totalNumberOfMonths: 0,
      minDate: file.min_date,
      maxDate: file.max_date,
    };
  const problem = fillRangeProblem(start, end, file.min_date, file.max_date);
  if (problem) {
    // The field to mark: the start when it is after the end or before the file's first date.
    const field =
      start > end || (file.min_date !== null && start < file.min_date) ? 'minDate' : 'maxDate';
    throw badRequest(problem, { [field]: problem });
  }
  let totalCount = 0;
  for (const [date, n] of Object.entries(file.fill_date_counts))
    if (date >= start && date <= end) totalCount += n;
  return {
    totalCount,
    totalNumberOfMonths: monthsInRange(start, end),
    minDate: file.min_date,
    maxDate: file.max_date,
  };
}

function iterationOut(row: repo.FaIterationRow): FaIterationDetail {
  return {
    id: row.fa_iteration_no,
    updatedDate: row.updated_at.toISOString(),
    notes: row.notes,
    mappedClaimFileID: row.mapped_claims_file_no,
    outputTemplate: row.output_template,
    cscData: row.csc_data,
    pricingGridData: row.pricing_grid,
    footNotes: row.foot_notes as unknown[],
  };
}

export async function saveIteration(
  db: Kysely<DB>,
  principal: Principal,
  opp: number,
  input: FaIterationInput,
): Promise<FaIterationDetail> {
  await requireOpportunity(db, opp);
  if (!(await repo.findMappedFile(db, opp, input.mappedClaimFileID))) {
    const detail = 'No mapped claims file with this id in the opportunity';
    throw badRequest(detail, { mappedClaimFileID: detail });
  }
  const row = await repo.insertIteration(db, {
    prospect_opportunity_no: opp,
    mapped_claims_file_no: input.mappedClaimFileID,
    notes: input.notes,
    csc_data: JSON.stringify(input.cscData),
    pricing_grid: JSON.stringify(input.pricingGridData),
    foot_notes: JSON.stringify(input.footNotes),
    output_template: input.outputTemplate,
    created_by: principal.userNo,
    updated_by: principal.userNo,
  });
  return iterationOut(row);
}

export async function listIterations(db: Kysely<DB>, opp: number): Promise<FaIterationListRow[]> {
  await requireOpportunity(db, opp);
  const rows = await repo.listIterations(db, opp);
  return rows.map((r) => ({
    id: r.fa_iteration_no,
    updatedDate: r.updated_at.toISOString(),
    notes: r.notes,
    mappedClaimFileID: r.mapped_claims_file_no,
    outputTemplate: r.output_template,
  }));
}

export async function getIteration(
  db: Kysely<DB>,
  opp: number,
  iterationNo: number,
): Promise<FaIterationDetail> {
  await requireOpportunity(db, opp);
  const row = await repo.findIteration(db, opp, iterationNo);
  if (!row) throw notFound('FA iteration');
  return iterationOut(row);
}

/**
 * The demo seed's claims file of an opportunity (decision 0140): the uploaded file and its
 * mapped CSV (standard claims columns) staged for storage, accepted and registered with the
 * summary the upload and register calls would have read from the same bytes.
 */
export async function seedClaimsFile(
  db: Kysely<DB>,
  userNo: number,
  opp: number,
  file: { id: string; name: string; content: Buffer; mappedName: string; mapped: Buffer },
): Promise<void> {
  const key = `claims-files/${file.id}`;
  const mappedKey = `mapped-claims/${file.id}`;
  const hash = crypto.createHash('sha256').update(file.content).digest('hex');
  const shape = await readClaimsFile('csv', Readable.from([file.content]));
  await repo.stageSeedContent(db, key, file.content);
  await repo.stageSeedContent(db, mappedKey, file.mapped);
  await repo.insertClaimsFile(db, {
    prospect_opportunity_no: opp,
    file_name: file.name,
    storage_key: key,
    file_hash: hash,
    file_format: 'csv',
    size_bytes: file.content.length,
    cols: JSON.stringify(shape.cols),
    preview_rows: JSON.stringify(shape.preview),
    row_count: shape.rowCount,
    unparseable_rows: shape.unparseableRows,
    created_by: userNo,
  });
  const upload = await repo.findUploadByHash(db, opp, hash);
  if (!upload) throw new Error('the seeded claims file was not stored');
  const row = await repo.acceptClaimsFile(db, upload.claims_file_no, true, userNo);
  const summary = await summarizeMapped(Readable.from([file.mapped]));
  // The seed's mapped CSV carries the file's columns in the file's order, each renamed.
  const columns = summaryColumns(
    row.cols,
    summary.cols,
    summary.cols.map((target, i) => ({ target, source: row.cols[i] ?? null })),
  );
  const dates = Object.keys(summary.fillDateCounts).sort();
  await repo.insertMappedFile(db, {
    prospect_opportunity_no: opp,
    claims_file_no: row.claims_file_no,
    file_name: file.mappedName,
    storage_key: mappedKey,
    unmapped_storage_key: key,
    phi: true,
    claim_count: summary.claimCount,
    created_cols: JSON.stringify(columns.createdCols),
    dropped_count: columns.droppedCount,
    min_date: dates[0] ?? null,
    max_date: dates[dates.length - 1] ?? null,
    fill_date_counts: JSON.stringify(summary.fillDateCounts),
    created_by: userNo,
  });
}
