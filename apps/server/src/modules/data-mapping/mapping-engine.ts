import { type PassThrough, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import {
  compileConcatenation,
  compileMultiField,
  compileTransformation,
  DATA_MAPPING_MESSAGES,
  type RowFunction,
  type SourceRow,
  type TemplateMapping,
  type TransformationDefinition,
} from '@pillar/domain';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { flattenLoops } from '../../platform/x12/map-834.ts';
import { readX12 } from '../../platform/x12/reader.ts';
import type { LoopNode } from '../../platform/x12/types.ts';
import { compileExpression, ExpressionError } from './expressions.ts';

/*
 * The mapping engine (spec 3 §7 "Data mapping service", issue 16; decision 0120): a template is
 * compiled once into a row function, then a source file is streamed through it into CSV. Wizard
 * kinds, concatenations and multi-field transforms are plain synchronous closures; only a
 * hand-written expression is asynchronous (JSONata), so a template without one maps a row with no
 * promise at all. An expression that fails is a row error, never a stopped job.
 */

/** At most this many row errors are kept; the rest are only counted. */
export const ROW_ERRORS_KEPT = 100;

export interface RowError {
  /** 1-based data row (header rows not counted). */
  row: number;
  field: string;
  message: string;
}

export interface TargetColumn {
  name: string;
  required: boolean;
}

type SyncValue = (row: SourceRow) => string | null;
type AsyncValue = (row: SourceRow) => Promise<string | null>;

interface CompiledTarget {
  name: string;
  required: boolean;
  sync?: SyncValue;
  async?: AsyncValue;
  /**
   * For a required target read from one source field: whether the row's source is blank. A
   * transformation that fails on a blank source then reports the spec's 'This field is
   * required' for the target, not the transformation's own error (issue 16).
   */
  blankSource?: (row: SourceRow) => boolean;
}

export class UnknownTransformationError extends Error {
  readonly transformation: string;
  constructor(transformation: string) {
    super(`The template uses the transformation ${transformation}, which does not exist`);
    this.transformation = transformation;
  }
}

/** The row function: the output values in column order, or the errors that drop the row. */
export interface RowMapper {
  readonly columns: readonly string[];
  map(
    row: SourceRow,
  ):
    | { values: string[] }
    | { errors: Omit<RowError, 'row'>[] }
    | Promise<{ values: string[] } | { errors: Omit<RowError, 'row'>[] }>;
}

/**
 * Compiles a template against its write columns. `definitions` holds the transformations by name
 * (the caller loads the ones `transformationsOf` names); an unknown name fails here, before a row.
 */
export function compileTemplate(
  columns: readonly TargetColumn[],
  mappings: readonly TemplateMapping[],
  definitions: ReadonlyMap<string, TransformationDefinition>,
): RowMapper {
  const syncCache = new Map<string, RowFunction>();
  const asyncNames = new Set<string>();
  const asyncCache = new Map<string, ReturnType<typeof compileExpression>>();
  const definition = (name: string) => {
    const d = definitions.get(name);
    if (!d) throw new UnknownTransformationError(name);
    return d;
  };
  for (const [name, d] of definitions) {
    if (d.kind === 'expression') {
      asyncNames.add(name);
      asyncCache.set(name, compileExpression(d.expression));
    }
  }
  const resolveSync = (name: string): RowFunction => {
    let fn = syncCache.get(name);
    if (!fn) {
      const d = definition(name);
      if (d.kind === 'expression') throw new Error('expression in a synchronous place');
      fn = compileTransformation(d);
      syncCache.set(name, fn);
    }
    return fn;
  };
  const byTarget = new Map(mappings.map((m) => [m.target, m]));

  const targets: CompiledTarget[] = columns.map((column) => {
    const m = byTarget.get(column.name);
    const source = m?.source;
    const base = {
      name: column.name,
      required: column.required,
      ...(column.required && source && !m.concatenation && !m.multiField
        ? { blankSource: (row: SourceRow) => isBlank(row[source] ?? null) }
        : {}),
    };
    if (!m) return { ...base, sync: () => null };
    const used = [
      m.transformation,
      ...(m.concatenation ?? []).map((c) => c.transformation),
      m.multiField?.transformation,
      ...(m.multiField?.variables ?? []).map((v) => v.transformation),
    ].filter((n): n is string => !!n);
    for (const n of used) definition(n);
    if (used.some((n) => asyncNames.has(n))) return { ...base, async: compileAsync(m) };
    return { ...base, sync: compileSync(m, resolveSync) };
  });

  /** The slower path: a mapping that reaches an expression somewhere evaluates step by step. */
  function compileAsync(m: TemplateMapping): AsyncValue {
    const run = async (
      name: string | null | undefined,
      input: string | null,
      vars?: Record<string, string | null>,
    ) => {
      if (!name) return input;
      const expr = asyncCache.get(name);
      if (expr) return expr.evaluate(input, vars);
      return resolveSync(name)(input, vars);
    };
    return async (row) => {
      let value: string | null;
      if (m.concatenation) {
        value = '';
        for (const e of m.concatenation) {
          const raw = e.type === 'literal' ? e.value : (row[e.value] ?? null);
          value += (await run(e.transformation, raw)) ?? '';
        }
      } else if (m.multiField) {
        const vars: Record<string, string | null> = {};
        for (const v of m.multiField.variables)
          vars[v.variableName] = await run(v.transformation, row[v.schemaField] ?? null);
        const first = m.multiField.variables[0]!.variableName;
        value = await run(m.multiField.transformation, vars[first] ?? null, vars);
      } else {
        value = m.source ? (row[m.source] ?? null) : null;
      }
      return run(m.transformation, value);
    };
  }

  const hasAsync = targets.some((t) => t.async);
  const names = targets.map((t) => t.name);

  const finish = (values: (string | null)[]) => {
    const errors: Omit<RowError, 'row'>[] = [];
    const out = new Array<string>(values.length);
    for (let i = 0; i < values.length; i++) {
      const v = values[i] ?? null;
      if (isBlank(v) && targets[i]!.required)
        errors.push({ field: names[i]!, message: DATA_MAPPING_MESSAGES.fieldRequired });
      out[i] = v ?? '';
    }
    return errors.length > 0 ? { errors } : { values: out };
  };

  const syncMap = (row: SourceRow, values: (string | null)[], errors: Omit<RowError, 'row'>[]) => {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i]!;
      if (!t.sync) continue;
      try {
        values[i] = t.sync(row);
      } catch (error) {
        errors.push(failureOf(t, row, error));
      }
    }
  };

  if (!hasAsync) {
    return {
      columns: names,
      map(row) {
        const values = new Array<string | null>(targets.length);
        const errors: Omit<RowError, 'row'>[] = [];
        syncMap(row, values, errors);
        return errors.length > 0 ? { errors } : finish(values);
      },
    };
  }
  return {
    columns: names,
    async map(row) {
      const values = new Array<string | null>(targets.length);
      const errors: Omit<RowError, 'row'>[] = [];
      syncMap(row, values, errors);
      for (let i = 0; i < targets.length; i++) {
        const t = targets[i]!;
        if (!t.async) continue;
        try {
          values[i] = await t.async(row);
        } catch (error) {
          errors.push(failureOf(t, row, error));
        }
      }
      return errors.length > 0 ? { errors } : finish(values);
    },
  };
}

function compileSync(m: TemplateMapping, resolve: (name: string) => RowFunction): SyncValue {
  let read: SyncValue;
  if (m.concatenation) read = compileConcatenation(m.concatenation, resolve);
  else if (m.multiField) read = compileMultiField(m.multiField, resolve);
  else if (m.source) {
    const source = m.source;
    read = (row) => row[source] ?? null;
  } else read = () => null;
  if (!m.transformation) return read;
  const transform = resolve(m.transformation);
  return (row) => transform(read(row));
}

function isBlank(v: string | null): boolean {
  return v === null || v.trim() === '';
}

/** A target's failure: 'This field is required' when its required source was blank. */
function failureOf(t: CompiledTarget, row: SourceRow, error: unknown): Omit<RowError, 'row'> {
  if (t.blankSource?.(row)) return { field: t.name, message: DATA_MAPPING_MESSAGES.fieldRequired };
  return { field: t.name, message: messageOf(error) };
}

function messageOf(error: unknown): string {
  if (error instanceof ExpressionError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

// ---- Source readers ----

export interface SourceField {
  name: string;
  /** Fixed length: 1-based first character and width. */
  startLoc?: number | null;
  locLength?: number | null;
}

export type SourceLayout =
  | { kind: 'delimited'; delimiter: string; hasHeader: boolean; fields: readonly SourceField[] }
  | {
      kind: 'fixed';
      fields: readonly SourceField[];
      /** Lines starting with these are the header and trailer records, not data. */
      header?: string | null;
      footer?: string | null;
    }
  | { kind: 'xlsx'; hasHeader: boolean; fields: readonly SourceField[] }
  | { kind: 'edi' };

export class SourceLayoutError extends Error {}

/**
 * The source's data rows in batches (one batch per chunk read; decision 0133): the engine maps a
 * batch without a promise per row. Rows are named by the read schema's fields (by position: a
 * header row is skipped, its spelling not trusted); a row with fewer values has the rest absent.
 * An 834 is read by the X12 reader, one row per member and coverage (`readEdi834`).
 */
export function readRowBatches(
  source: Readable,
  layout: SourceLayout,
): AsyncIterable<readonly SourceRow[]> {
  switch (layout.kind) {
    case 'delimited':
      return readDelimited(source, layout.delimiter, layout.hasHeader, layout.fields);
    case 'fixed':
      return readFixed(source, layout);
    case 'xlsx':
      return readXlsx(source, layout.hasHeader, layout.fields);
    case 'edi':
      return readEdi834(source);
  }
}

/** The source's data rows one by one (the sample-file and preview readers). */
export async function* readRows(source: Readable, layout: SourceLayout): AsyncIterable<SourceRow> {
  for await (const batch of readRowBatches(source, layout)) yield* batch;
}

function named(fields: readonly SourceField[], values: readonly unknown[]): SourceRow {
  const row: Record<string, string | null> = {};
  for (let i = 0; i < fields.length; i++) {
    const v = values[i];
    row[fields[i]!.name] =
      typeof v === 'string' ? (v === '' ? null : v) : typeof v === 'number' ? String(v) : null;
  }
  return row;
}

/** Text chunks of a byte stream, multi-byte characters kept whole across chunks. */
async function* textChunks(source: Readable): AsyncIterable<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source as AsyncIterable<Buffer | string>) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const last = decoder.end();
  if (last) yield last;
}

/** The line ending a text uses, as papaparse guesses it (the first one seen). */
function lineEndingOf(text: string): '\r\n' | '\n' | '\r' {
  const n = text.indexOf('\n');
  const r = text.indexOf('\r');
  if (r >= 0 && (n < 0 || r < n)) return n === r + 1 ? '\r\n' : '\r';
  return '\n';
}

/** Papaparse's 'greedy' blank line: every value empty or white space. */
function blankRow(values: readonly string[]): boolean {
  for (const v of values) if (v.trim() !== '') return false;
  return true;
}

/**
 * Delimited text through papaparse's own parser, a chunk at a time: `Parser.parse(text, 0, true)`
 * parses every complete record and answers where the unfinished one starts, which is kept for
 * the next chunk (quoted fields may span chunks). Papaparse's Node stream mode pushed one object
 * per row through a stream and cost 20 times more (decision 0133).
 */
async function* readDelimited(
  source: Readable,
  delimiter: string,
  hasHeader: boolean,
  fields: readonly SourceField[],
): AsyncIterable<SourceRow[]> {
  let parser: Papa.Parser | null = null;
  let rest = '';
  let headerPending = hasHeader;
  const rowsOf = (data: string[][]) => {
    const batch: SourceRow[] = [];
    for (const values of data) {
      if (blankRow(values)) continue;
      if (headerPending) {
        headerPending = false;
        continue;
      }
      batch.push(named(fields, values));
    }
    return batch;
  };
  try {
    let first = true;
    for await (let text of textChunks(source)) {
      if (first) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      text = rest + text;
      if (!parser) {
        // The line ending is guessed from the first line break, however far the first chunk ends.
        if (!/[\r\n]/.test(text)) {
          rest = text;
          continue;
        }
        parser = new Papa.Parser({ delimiter, newline: lineEndingOf(text) });
      }
      const result = parser.parse(text, 0, true) as { data: string[][]; meta: { cursor: number } };
      rest = text.substring(result.meta.cursor);
      const batch = rowsOf(result.data);
      if (batch.length > 0) yield batch;
    }
    if (rest !== '') {
      parser ??= new Papa.Parser({ delimiter, newline: lineEndingOf(rest) });
      const batch = rowsOf((parser.parse(rest, 0, false) as { data: string[][] }).data);
      if (batch.length > 0) yield batch;
    }
  } finally {
    source.destroy();
  }
}

async function* readFixed(
  source: Readable,
  layout: Extract<SourceLayout, { kind: 'fixed' }>,
): AsyncIterable<SourceRow[]> {
  const cuts = layout.fields.map((f) => {
    const start = Math.max(0, (f.startLoc ?? 1) - 1);
    return { name: f.name, start, end: f.locLength ? start + f.locLength : undefined };
  });
  const rowOf = (raw: string): SourceRow | null => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return null;
    if (layout.header && line.startsWith(layout.header)) return null;
    if (layout.footer && line.startsWith(layout.footer)) return null;
    const row: Record<string, string | null> = {};
    for (const c of cuts) {
      const v = line.slice(c.start, c.end).trim();
      row[c.name] = v === '' ? null : v;
    }
    return row;
  };
  let rest = '';
  try {
    for await (const text of textChunks(source)) {
      const lines = (rest + text).split('\n');
      rest = lines.pop()!;
      const batch: SourceRow[] = [];
      for (const line of lines) {
        const row = rowOf(line);
        if (row) batch.push(row);
      }
      if (batch.length > 0) yield batch;
    }
    const last = rowOf(rest);
    if (last) yield [last];
  } finally {
    source.destroy();
  }
}

async function* readXlsx(
  source: Readable,
  hasHeader: boolean,
  fields: readonly SourceField[],
): AsyncIterable<SourceRow[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let first = true;
  let batch: SourceRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (values.every((v) => v === '')) continue;
        if (first && hasHeader) {
          first = false;
          continue;
        }
        first = false;
        batch.push(named(fields, values));
        if (batch.length >= 1000) {
          yield batch;
          batch = [];
        }
      }
      break; // the first sheet only
    }
    if (batch.length > 0) yield batch;
  } finally {
    source.destroy();
  }
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (typeof v.text === 'string') return v.text;
    return '';
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return '';
}

// ---- X12 834 sources ----

/** Loops whose leading segment has one qualifier: it is part of the field name (2100A.NM1 has two). */
const QUALIFIED_LEADERS = new Map(
  flattenLoops()
    .filter(({ loop }) => loop.leader.qualifiers?.length === 1)
    .map(({ loop }) => [loop.id, `${loop.leader.segment}*${loop.leader.qualifiers![0]}`]),
);

/**
 * Puts a loop's element values into a row by the 834 read schema's names
 * (`loop.segment.element`, decision 0119), the first occurrence of a name winning; each segment
 * is also named with its first element as qualifier (`2000.REF*1L.REF02`, `2300.DTP*348.DTP03`)
 * so repeated segments can be told apart. `skip` names child loops handled by the caller.
 */
function fillLoop(row: Record<string, string | null>, loop: LoopNode, skip?: string): void {
  for (const segment of loop.segments) {
    const leader = segment === loop.segments[0] ? QUALIFIED_LEADERS.get(loop.id) : undefined;
    const label = leader ?? segment.id;
    const qualifier = segment.elements[0]?.value ?? '';
    for (const element of segment.elements) {
      if (element.value === '') continue;
      const plain = `${loop.id}.${label}.${element.ref}`;
      if (!(plain in row)) row[plain] = element.value;
      if (qualifier && !leader) {
        const qualified = `${loop.id}.${segment.id}*${qualifier}.${element.ref}`;
        if (!(qualified in row)) row[qualified] = element.value;
      }
    }
  }
  for (const child of loop.loops) if (child.id !== skip) fillLoop(row, child);
}

/** One row per member (2000) and health coverage (2300); a member without coverage is one row. */
function rowsOf834(tree: LoopNode): SourceRow[] {
  const header: Record<string, string | null> = {};
  const members: LoopNode[] = [];
  fillLoop(header, { ...tree, loops: [] });
  for (const loop of tree.loops) {
    if (loop.id === '2000') members.push(loop);
    else fillLoop(header, loop);
  }
  const rows: SourceRow[] = [];
  for (const member of members) {
    const base: Record<string, string | null> = { ...header };
    fillLoop(base, member, '2300');
    const coverages = member.loops.filter((l) => l.id === '2300');
    if (coverages.length === 0) rows.push(base);
    for (const coverage of coverages) {
      const row = { ...base };
      fillLoop(row, coverage);
      rows.push(row);
    }
  }
  return rows;
}

function ediProblem(error: { message: string; filePosition: number }): SourceLayoutError {
  return new SourceLayoutError(`${error.message} (segment ${error.filePosition} of the file)`);
}

/**
 * An X12 834 through the platform's reader (decision 0119), a transaction set at a time. A set the
 * reader rejects (envelope counts or control numbers, missing required segments) or an
 * interchange or group in error stops the job with the reader's message and segment position;
 * a set accepted with element notes is mapped.
 */
async function* readEdi834(source: Readable): AsyncIterable<SourceRow[]> {
  const ready: SourceRow[][] = [];
  // Set from the reader's callbacks (closures), so kept in an object the loop below re-reads.
  const state: { failure: Error | null; done: boolean } = { failure: null, done: false };
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  void readX12(source, {
    onTransaction: (transaction) => {
      if (state.failure) return;
      const rejected =
        transaction.errors[0] ?? transaction.segmentErrors.find((e) => e.severity === 'reject');
      if (rejected) state.failure = ediProblem(rejected);
      else ready.push(rowsOf834(transaction.tree));
      notify();
    },
  }).then(
    (result) => {
      const envelope =
        result.errors[0] ??
        result.interchanges.flatMap((i) => [...i.errors, ...i.groups.flatMap((g) => g.errors)])[0];
      if (envelope) state.failure ??= ediProblem(envelope);
      else if (result.interchanges.length === 0)
        state.failure ??= new SourceLayoutError('The file holds no X12 interchange');
      state.done = true;
      notify();
    },
    (error: unknown) => {
      state.failure ??= error instanceof Error ? error : new SourceLayoutError(String(error));
      state.done = true;
      notify();
    },
  );
  try {
    for (;;) {
      if (state.failure) throw state.failure;
      const next = ready.shift();
      if (next) {
        if (next.length > 0) yield next;
        continue;
      }
      if (state.done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.destroy();
  }
}

// ---- The run ----

export interface MappingSummary {
  rowsRead: number;
  rowsWritten: number;
  /** Rows not written because a target failed or a required target came out blank. */
  rowsDropped: number;
  columns: readonly string[];
  errors: RowError[];
  errorCount: number;
}

export interface RunOptions {
  /** Called every `progressEvery` rows read (and once at the end). */
  onProgress?: (rowsRead: number, rowsWritten: number) => void | Promise<void>;
  progressEvery?: number;
  signal?: AbortSignal;
}

/** One CSV value: quoted when it holds the delimiter, a quote or a line break (RFC 4180). */
function csvValue(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Streams `rows` (single rows or batches) through `mapper` into `output`: CSV with a header row,
 * in the write columns' order, handed over one string per batch (decision 0133). Resolves once
 * the output has been handed every row; the caller stores `output`.
 */
export async function runMapping(
  rows: AsyncIterable<SourceRow | readonly SourceRow[]>,
  mapper: RowMapper,
  output: PassThrough,
  options: RunOptions = {},
): Promise<MappingSummary> {
  const summary: MappingSummary = {
    rowsRead: 0,
    rowsWritten: 0,
    rowsDropped: 0,
    columns: mapper.columns,
    errors: [],
    errorCount: 0,
  };
  const every = options.progressEvery ?? 10_000;
  const write = async (text: string) => {
    if (!output.write(text)) await drained(output);
  };
  try {
    await write(mapper.columns.map(csvValue).join(',') + '\n');
    for await (const item of rows) {
      const batch: readonly SourceRow[] = Array.isArray(item) ? item : [item as SourceRow];
      let text = '';
      for (const row of batch) {
        options.signal?.throwIfAborted();
        summary.rowsRead++;
        const mapped = mapper.map(row);
        const result = mapped instanceof Promise ? await mapped : mapped;
        if ('values' in result) {
          summary.rowsWritten++;
          const values = result.values;
          let line = csvValue(values[0] ?? '');
          for (let i = 1; i < values.length; i++) line += ',' + csvValue(values[i]!);
          text += line + '\n';
        } else {
          summary.rowsDropped++;
          for (const e of result.errors) {
            summary.errorCount++;
            if (summary.errors.length < ROW_ERRORS_KEPT)
              summary.errors.push({ row: summary.rowsRead, ...e });
          }
        }
        if (options.onProgress && summary.rowsRead % every === 0) {
          if (text) await write(text);
          text = '';
          await options.onProgress(summary.rowsRead, summary.rowsWritten);
        }
      }
      if (text) await write(text);
    }
  } catch (error) {
    output.destroy(error as Error);
    throw error;
  }
  output.end();
  await options.onProgress?.(summary.rowsRead, summary.rowsWritten);
  return summary;
}

function drained(stream: NodeJS.WritableStream & { once: PassThrough['once'] }): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      stream.off('error', onError);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onError = (e: Error) => {
      cleanup();
      reject(e);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}
