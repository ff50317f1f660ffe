import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { CompiledQuery, type KyselyPlugin, type QueryResult } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/*
 * COPY ... FROM STDIN through Kysely (decision 0137). PostgreSQL's bulk path writes rows several
 * times faster than a multi-row insert; PGlite has no COPY FROM STDIN stream. One interface for
 * both: `canCopy(db)` says whether the connection behind `db` (or a transaction of it) is a
 * PostgreSQL one that streams COPY, and `copyIn` sends the COPY with its data as the query's one
 * parameter (a CopyData), which PreparedStatementClient hands to pg-copy-streams. Callers keep a
 * multi-row insert for the other case.
 */

/** A no-op plugin: its presence among a Kysely's plugins marks a COPY-capable database. */
export const COPY_CAPABLE: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => args.result,
};

/** The rows of a COPY in its text format (tab-separated, one row a line, \N for null). */
export class CopyData {
  readonly chunks: readonly string[];
  constructor(chunks: readonly string[]) {
    this.chunks = chunks;
  }
}

/** A Kysely instance or transaction, of any schema. */
export interface CopyTarget {
  getExecutor(): { readonly plugins: readonly KyselyPlugin[] };
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

export function canCopy(db: CopyTarget): boolean {
  return db.getExecutor().plugins.includes(COPY_CAPABLE);
}

/** `copy <table> (<columns>) from stdin` with `data`; answers the rows copied. */
export async function copyIn(db: CopyTarget, statement: string, data: CopyData): Promise<number> {
  const result = await db.executeQuery(CompiledQuery.raw(statement, [data]));
  return Number(result.rows.length === 1 ? (result.rows[0] as { n: number }).n : 0);
}

/** Runs a COPY FROM STDIN on a pg client (PreparedStatementClient calls it for a CopyData). */
export async function runCopy(
  client: pg.Client,
  statement: string,
  data: CopyData,
): Promise<{ command: string; rowCount: number; rows: { n: number }[] }> {
  const stream = client.query(copyFrom(statement));
  await pipeline(Readable.from(packed(data.chunks)), stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [{ n: stream.rowCount }] };
}

/** About what one CopyData message carries: big enough that a row is not a message and a write. */
const PACKED_CHARS = 64 * 1024;

/**
 * The chunks joined into pieces of about PACKED_CHARS: handed over one line at a time, each line
 * became its own CopyData message and socket write, and the COPY ran at a fifth of its speed.
 */
export function* packed(chunks: readonly string[]): Generator<string> {
  let piece: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    piece.push(chunk);
    length += chunk.length;
    if (length >= PACKED_CHARS) {
      yield piece.join('');
      piece = [];
      length = 0;
    }
  }
  if (piece.length > 0) yield piece.join('');
}

/** A text value in COPY's text format. */
export function copyText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}

/** A bytea value in COPY's text format (hex input, its backslash escaped). */
export function copyBytea(value: Uint8Array | null | undefined): string {
  if (!value) return '\\N';
  // A Buffer as it is; another Uint8Array viewed, not copied.
  const bytes = Buffer.isBuffer(value)
    ? value
    : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  return `\\\\x${bytes.toString('hex')}`;
}

/** One row in COPY's text format: bytes as bytea, anything else as text; tab-separated, one line. */
export function copyRow(
  values: readonly (string | number | boolean | Uint8Array | null)[],
): string {
  return (
    values.map((v) => (v instanceof Uint8Array ? copyBytea(v) : copyText(v))).join('\t') + '\n'
  );
}
