import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import Papa from 'papaparse';
import {
  delimiterCharacter,
  ELIGIBILITY_IMPORT_MESSAGES as M,
  standardEligibilityRow,
  type FileDelimiter,
  type RejectedRow,
  type SourceRow,
  type StandardEligibilityRow,
} from '@pillar/domain';
import type { DB } from '../../database.ts';
import { acknowledge } from '../../platform/x12/acknowledgments.ts';
import { readX12 } from '../../platform/x12/reader.ts';
import type { MemberSummary } from '../../platform/x12/types.ts';
import {
  compileTemplate,
  definitionsOf,
  findMappingSchema,
  findTemplate,
  layoutOf,
  readRows,
  type SourceField,
  type SourceLayout,
} from '../data-mapping/index.ts';
import type { ConfigurationRow, SchemaField } from './eligibility-imports.preview.repo.ts';
import { STANDARD_COLUMNS } from './standard-csv.ts';

/*
 * Reading a run's file into standard-layout rows (issue 17, decision 0127). A configuration's
 * schema either names a data mapper template (the file is read with the template's read schema
 * and mapped through its compiled template, as a mapping job does) or defines the file's fields
 * itself, named (or aliased) as the standard layout's columns. An 834 is read by the platform's
 * X12 reader, its members' loops mapped to standard rows, and answered with a 999 (and a TA1
 * when the interchange envelope is bad). Every row is validated with the domain's row schema.
 * A file that cannot be read at all (wrong layout, empty, truncated) is one rejected "row 0".
 */

export interface ReadOutcome {
  rows: StandardEligibilityRow[];
  rejected: RejectedRow[];
  /** Records read from the file (valid or not). */
  rowsRead: number;
  /** An 834's acknowledgments. */
  ack999: string | null;
  ta1: string | null;
}

type Values = Record<string, string | null>;

const fileRejected = (message: string): ReadOutcome => ({
  rows: [],
  rejected: [{ rowNumber: 0, field: 'file', message }],
  rowsRead: 0,
  ack999: null,
  ta1: null,
});

/** Lower case without spaces, dashes or underscores: 'Date of Birth' matches dateOfBirth. */
const key = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');
const STANDARD_BY_KEY = new Map<string, string>(STANDARD_COLUMNS.map((c) => [key(c), c]));
/** Without these a file cannot be read as eligibility at all (the wrong layout). */
const REQUIRED = ['ssn', 'firstName', 'lastName', 'dateOfBirth'] as const;

/** One source row as a candidate standard row, validated; its first problem rejects it. */
export function toStandardRow(
  rowNumber: number,
  values: Values,
): { row: StandardEligibilityRow } | { rejected: RejectedRow } {
  const candidate: Record<string, unknown> = { rowNumber };
  for (const c of STANDARD_COLUMNS) {
    const v = values[c]?.trim();
    candidate[c] = v === undefined || v === '' ? null : v;
  }
  candidate.recordType ??= 'E';
  for (const c of ['firstName', 'lastName'] as const) candidate[c] ??= '';
  if (typeof candidate.ssn === 'string') candidate.ssn = candidate.ssn.replace(/-/g, '');
  if (typeof candidate.employeeSsn === 'string')
    candidate.employeeSsn = candidate.employeeSsn.replace(/-/g, '');
  for (const c of ['dateOfBirth', 'effectiveDate', 'termDate'] as const) {
    const v = candidate[c];
    if (typeof v === 'string') candidate[c] = isoDate(v);
  }
  if (typeof candidate.gender === 'string') candidate.gender = candidate.gender.toUpperCase();
  const result = standardEligibilityRow.safeParse(candidate);
  if (result.success) {
    // The layout checks a date's shape; a day that does not exist is refused as the forms do.
    for (const [c, label] of DATE_FIELDS) {
      const v = result.data[c];
      if (v !== null && !isRealDate(v))
        return {
          rejected: { rowNumber, field: c, message: `${label} must be a date (YYYY-MM-DD)` },
        };
    }
    return { row: result.data };
  }
  const issue = result.error.issues[0]!;
  return { rejected: { rowNumber, field: String(issue.path[0] ?? 'row'), message: issue.message } };
}

const DATE_FIELDS = [
  ['dateOfBirth', 'Date of Birth'],
  ['effectiveDate', 'Effective Date'],
  ['termDate', 'Termination Date'],
] as const;

function isRealDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** YYYYMMDD and MM/DD/YYYY to YYYY-MM-DD; anything else as it is (the schema refuses it). */
function isoDate(v: string): string {
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return v;
}

function collect(records: Iterable<[number, Values]>, readCount?: number): ReadOutcome {
  const rows: StandardEligibilityRow[] = [];
  const rejected: RejectedRow[] = [];
  let n = 0;
  for (const [rowNumber, values] of records) {
    n++;
    const r = toStandardRow(rowNumber, values);
    if ('row' in r) rows.push(r.row);
    else rejected.push(r.rejected);
  }
  if (n === 0) return fileRejected(M.emptyFile);
  return { rows, rejected, rowsRead: readCount ?? n, ack999: null, ta1: null };
}

async function readAll(source: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of source as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/u, '');
}

/** The schema's fields by standard column; null when a required column has no field. */
function standardFields(fields: readonly SchemaField[]): Map<string, number> | null {
  const at = new Map<string, number>();
  fields.forEach((f, i) => {
    const c =
      STANDARD_BY_KEY.get(key(f.name)) ?? (f.alias ? STANDARD_BY_KEY.get(key(f.alias)) : undefined);
    if (c && !at.has(c)) at.set(c, i);
  });
  return REQUIRED.every((c) => at.has(c)) ? at : null;
}

function readDelimited(
  text: string,
  delimiter: string,
  hasHeader: boolean,
  fields: readonly SchemaField[],
): ReadOutcome {
  const at = standardFields(fields);
  if (!at) return fileRejected(M.wrongLayout);
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' });
  const records = parsed.data.slice(hasHeader ? 1 : 0);
  if (records.length === 0) return fileRejected(M.emptyFile);
  const widest = Math.max(...at.values()) + 1;
  // Most records hold every field; one that holds fewer than the schema's needs is the wrong
  // layout, a last one cut short is a truncated file.
  const short = records.filter((r) => r.length < widest).length;
  if (short > records.length / 2) return fileRejected(M.wrongLayout);
  if (
    records[records.length - 1]!.length < widest ||
    parsed.errors.some((e) => e.type === 'Quotes')
  )
    return fileRejected(M.truncatedFile);
  const first = hasHeader ? 2 : 1;
  return collect(
    records.map((r, i): [number, Values] => [
      i + first,
      Object.fromEntries([...at].map(([c, j]) => [c, r[j] ?? null])),
    ]),
  );
}

function readFixed(
  text: string,
  config: ConfigurationRow,
  fields: readonly SchemaField[],
): ReadOutcome {
  const at = standardFields(fields);
  if (!at) return fileRejected(M.wrongLayout);
  const cuts = [...at].map(([c, j]) => {
    const f = fields[j]!;
    const start = Math.max(0, (f.start ?? 1) - 1);
    return { c, start, end: f.end ? f.end : undefined };
  });
  const lines: [number, string][] = [];
  text.split(/\r?\n/u).forEach((line, i) => {
    if (line.trim() === '') return;
    if (config.header && line.startsWith(config.header)) return;
    if (config.footer && line.startsWith(config.footer)) return;
    lines.push([i + 1, line]);
  });
  if (lines.length === 0) return fileRejected(M.emptyFile);
  const lastStart = Math.max(...cuts.map((c) => c.start));
  const short = lines.filter(([, l]) => l.length <= lastStart).length;
  if (short > lines.length / 2) return fileRejected(M.wrongLayout);
  if (lines[lines.length - 1]![1].length <= lastStart) return fileRejected(M.truncatedFile);
  return collect(
    lines.map(([n, line]): [number, Values] => [
      n,
      Object.fromEntries(cuts.map((c) => [c.c, line.slice(c.start, c.end).trim() || null])),
    ]),
  );
}

async function readLayout(source: Readable, layout: SourceLayout): Promise<SourceRow[]> {
  const rows: SourceRow[] = [];
  for await (const row of readRows(source, layout)) rows.push(row);
  return rows;
}

/** A spreadsheet read by the schema's own fields (by position, as the data mapper reads one). */
async function readSpreadsheet(
  source: Readable,
  hasHeader: boolean,
  fields: readonly SchemaField[],
): Promise<ReadOutcome> {
  const at = standardFields(fields);
  if (!at) {
    source.destroy();
    return fileRejected(M.wrongLayout);
  }
  const layoutFields: SourceField[] = fields.map((f, i) => ({ name: `f${i}` }));
  let rows: SourceRow[];
  try {
    rows = await readLayout(source, { kind: 'xlsx', hasHeader, fields: layoutFields });
  } catch {
    return fileRejected(M.wrongLayout);
  }
  const first = hasHeader ? 2 : 1;
  return collect(
    rows.map((r, i): [number, Values] => [
      i + first,
      Object.fromEntries([...at].map(([c, j]) => [c, r[`f${j}`] ?? null])),
    ]),
  );
}

/** Through the schema's data mapper template: read with its read schema, mapped row by row. */
async function readThroughTemplate(
  db: Kysely<DB>,
  source: Readable,
  templateNo: number,
): Promise<ReadOutcome> {
  const template = await findTemplate(db, templateNo);
  const read = template && (await findMappingSchema(db, template.read_schema_no));
  const write = template && (await findMappingSchema(db, template.write_schema_no));
  if (!template || !read || !write) {
    source.destroy();
    return fileRejected(M.wrongLayout);
  }
  const mapper = compileTemplate(
    write.fields,
    template.mappings,
    await definitionsOf(db, template.mappings),
  );
  const columns = new Set(mapper.columns.map((c) => STANDARD_BY_KEY.get(key(c))));
  if (REQUIRED.some((c) => !columns.has(c))) {
    source.destroy();
    return fileRejected(M.wrongLayout);
  }
  let sourceRows: SourceRow[];
  try {
    sourceRows = await readLayout(source, layoutOf(read));
  } catch {
    return fileRejected(M.wrongLayout);
  }
  const first = read.media_type !== 'fixed' && read.has_header ? 2 : 1;
  const rows: StandardEligibilityRow[] = [];
  const rejected: RejectedRow[] = [];
  for (const [i, sourceRow] of sourceRows.entries()) {
    const rowNumber = i + first;
    const mapped = await mapper.map(sourceRow);
    if ('errors' in mapped) {
      const e = mapped.errors[0]!;
      rejected.push({ rowNumber, field: e.field, message: e.message.slice(0, 200) });
      continue;
    }
    const values: Values = {};
    mapper.columns.forEach((c, j) => {
      const std = STANDARD_BY_KEY.get(key(c));
      if (std) values[std] = mapped.values[j] ?? null;
    });
    const r = toStandardRow(rowNumber, values);
    if ('row' in r) rows.push(r.row);
    else rejected.push(r.rejected);
  }
  if (sourceRows.length === 0) return fileRejected(M.emptyFile);
  return { rows, rejected, rowsRead: sourceRows.length, ack999: null, ta1: null };
}

const d8 = (v: string | undefined) => (v && /^\d{8}$/.test(v) ? isoDate(v) : (v ?? null));

/** An 834 member loop (2000) as a standard row's values. */
export function memberValues(m: MemberSummary): Values {
  // A sponsor's file lists every coverage (medical, dental, vision...): the drug one is ours.
  const coverage = m.coverages.find((c) => c.insuranceLine === 'PDG') ?? m.coverages[0];
  return {
    recordType: m.subscriber ? 'E' : 'D',
    maintenanceCode: m.maintenanceType || null,
    ssn: m.ssn ?? null,
    employeeSsn: m.subscriber ? null : (m.subscriberId ?? null),
    firstName: m.firstName ?? null,
    lastName: m.lastName ?? null,
    dateOfBirth: d8(m.birthDate),
    gender: m.gender ?? null,
    relationship: m.relationship || null,
    groupId: m.group ?? null,
    // A termination may carry only the member's eligibility end (2000 DTP*357), and no HD.
    effectiveDate: d8(coverage?.begin ?? m.eligibilityBegin),
    termDate: d8(coverage?.end ?? m.eligibilityEnd),
  };
}

/** An 834: members by their INS segment's position; the 999, and a TA1 for a bad envelope. */
async function read834(source: Readable, now: Date, controlNumber: number): Promise<ReadOutcome> {
  // Member loops are summarised and let go as read: a large file's segments never sit in memory.
  const result = await readX12(source as AsyncIterable<Uint8Array>, { tree: false });
  const good = result.interchanges.filter((i) => i.errors.length === 0);
  const bad = result.interchanges.filter((i) => i.errors.length > 0);
  const { ta1, ack999 } = acknowledge(result, { controlNumber, now });
  const rows: StandardEligibilityRow[] = [];
  const rejected: RejectedRow[] = [];
  let read = 0;
  for (const interchange of good)
    for (const group of interchange.groups)
      for (const transaction of group.transactions)
        for (const member of transaction.members) {
          read++;
          const rowNumber = member.filePosition;
          if (transaction.status === 'R') {
            rejected.push({ rowNumber, field: 'transaction', message: M.wrongLayout });
            continue;
          }
          const r = toStandardRow(rowNumber, memberValues(member));
          if ('row' in r) rows.push(r.row);
          else rejected.push(r.rejected);
        }
  if (read === 0) {
    const out = fileRejected(
      result.errors.length > 0 || bad.length > 0 ? M.wrongLayout : M.emptyFile,
    );
    return { ...out, ack999, ta1 };
  }
  return { rows, rejected, rowsRead: read, ack999, ta1 };
}

/** Reads a run's stored file with its configuration's schema. */
export async function readRunFile(
  db: Kysely<DB>,
  source: Readable,
  config: ConfigurationRow,
  fields: readonly SchemaField[],
  ack: { now: Date; controlNumber: number },
): Promise<ReadOutcome> {
  if (config.mediaType === 'edi') return read834(source, ack.now, ack.controlNumber);
  if (config.templateNo !== null) return readThroughTemplate(db, source, config.templateNo);
  if (config.mediaType === 'excel') return readSpreadsheet(source, config.hasHeaderRow, fields);
  const text = await readAll(source);
  if (text.trim() === '') return fileRejected(M.emptyFile);
  if (text.includes('\u0000')) return fileRejected(M.wrongLayout);
  if (config.mediaType === 'fixed') return readFixed(text, config, fields);
  const delimiter =
    delimiterCharacter(config.fileDelimiter as FileDelimiter | null, config.customDelimiter) ?? ',';
  return readDelimited(text, delimiter, config.hasHeaderRow, fields);
}
