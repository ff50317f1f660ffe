import readline from 'node:readline';
import { PassThrough, type Readable } from 'node:stream';
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
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
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
    const base = { name: column.name, required: column.required };
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
      if ((v === null || v.trim() === '') && targets[i]!.required)
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
        errors.push({ field: t.name, message: messageOf(error) });
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
          errors.push({ field: t.name, message: messageOf(error) });
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
 * The source's data rows, named by the read schema's fields (by position: a header row is skipped,
 * its spelling not trusted). A row with fewer values than fields has the rest absent.
 */
export function readRows(source: Readable, layout: SourceLayout): AsyncIterable<SourceRow> {
  switch (layout.kind) {
    case 'delimited':
      return readDelimited(source, layout.delimiter, layout.hasHeader, layout.fields);
    case 'fixed':
      return readFixed(source, layout);
    case 'xlsx':
      return readXlsx(source, layout.hasHeader, layout.fields);
    case 'edi':
      source.destroy();
      throw new SourceLayoutError(DATA_MAPPING_MESSAGES.edi834NotReadable);
  }
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

async function* readDelimited(
  source: Readable,
  delimiter: string,
  hasHeader: boolean,
  fields: readonly SourceField[],
): AsyncIterable<SourceRow> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    delimiter,
    skipEmptyLines: 'greedy',
  }) as unknown as NodeJS.ReadWriteStream & AsyncIterable<string[]>;
  const through = new PassThrough();
  source.on('error', (e) => through.destroy(e));
  source.pipe(through).pipe(parser);
  let first = true;
  try {
    for await (const values of parser) {
      if (first && hasHeader) {
        first = false;
        continue;
      }
      first = false;
      yield named(fields, values);
    }
  } finally {
    source.destroy();
  }
}

async function* readFixed(
  source: Readable,
  layout: Extract<SourceLayout, { kind: 'fixed' }>,
): AsyncIterable<SourceRow> {
  const lines = readline.createInterface({ input: source, crlfDelay: Infinity });
  const cuts = layout.fields.map((f) => {
    const start = Math.max(0, (f.startLoc ?? 1) - 1);
    return { name: f.name, start, end: f.locLength ? start + f.locLength : undefined };
  });
  try {
    for await (const line of lines) {
      if (line.trim() === '') continue;
      if (layout.header && line.startsWith(layout.header)) continue;
      if (layout.footer && line.startsWith(layout.footer)) continue;
      const row: Record<string, string | null> = {};
      for (const c of cuts) {
        const v = line.slice(c.start, c.end).trim();
        row[c.name] = v === '' ? null : v;
      }
      yield row;
    }
  } finally {
    lines.close();
    source.destroy();
  }
}

async function* readXlsx(
  source: Readable,
  hasHeader: boolean,
  fields: readonly SourceField[],
): AsyncIterable<SourceRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let first = true;
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
        yield named(fields, values);
      }
      break; // the first sheet only
    }
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

/**
 * Streams `rows` through `mapper` into `output` (CSV with a header row, in the write columns'
 * order). Resolves once the output has been handed every row; the caller stores `output`.
 */
export async function runMapping(
  rows: AsyncIterable<SourceRow>,
  mapper: RowMapper,
  output: PassThrough,
  options: RunOptions = {},
): Promise<MappingSummary> {
  const csv = stringify({ header: true, columns: [...mapper.columns] });
  csv.pipe(output);
  const summary: MappingSummary = {
    rowsRead: 0,
    rowsWritten: 0,
    rowsDropped: 0,
    columns: mapper.columns,
    errors: [],
    errorCount: 0,
  };
  const every = options.progressEvery ?? 10_000;
  try {
    for await (const row of rows) {
      options.signal?.throwIfAborted();
      summary.rowsRead++;
      const mapped = mapper.map(row);
      const result = mapped instanceof Promise ? await mapped : mapped;
      if ('values' in result) {
        summary.rowsWritten++;
        if (!csv.write(result.values)) await drained(csv);
      } else {
        summary.rowsDropped++;
        for (const e of result.errors) {
          summary.errorCount++;
          if (summary.errors.length < ROW_ERRORS_KEPT)
            summary.errors.push({ row: summary.rowsRead, ...e });
        }
      }
      if (options.onProgress && summary.rowsRead % every === 0)
        await options.onProgress(summary.rowsRead, summary.rowsWritten);
    }
  } catch (error) {
    csv.destroy();
    output.destroy(error as Error);
    throw error;
  }
  csv.end();
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
