import fs from 'node:fs';
import { parse, CsvError } from 'csv-parse';

/*
 * Reading a reference file a line at a time, naming the line when it is wrong (decision 0106).
 * A loader throws ReferenceFileError before it commits anything: the load is one transaction.
 */

export class ReferenceFileError extends Error {
  readonly file: string;
  readonly line: number;
  readonly detail: string;
  constructor(file: string, line: number, detail: string) {
    super(`${file} line ${line}: ${detail}`);
    this.name = 'ReferenceFileError';
    this.file = file;
    this.line = line;
    this.detail = detail;
  }
}

export interface TabRecord {
  line: number;
  get(column: string): string;
}

/**
 * The records of a tab-delimited file with a header row (the FDA NDC Directory's format: no
 * quoting, one record a line), each read by column name. The header must hold every `required`
 * column (the FDA may add columns; they are ignored); every record must have the header's number
 * of fields.
 */
export async function* tabRecords(
  file: string,
  name: string,
  required: readonly string[],
): AsyncGenerator<TabRecord> {
  const parser = fs.createReadStream(file).pipe(
    parse({
      delimiter: '\t',
      quote: false,
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: false,
      record_delimiter: ['\r\n', '\n'],
    }),
  );
  let index: Map<string, number> | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!index) {
        index = new Map(record.map((c, i) => [c.trim().toUpperCase(), i]));
        const missing = required.filter((c) => !index!.has(c));
        if (missing.length > 0)
          throw new ReferenceFileError(name, info.lines, `missing column ${missing.join(', ')}`);
        continue;
      }
      const columns = index;
      yield { line: info.lines, get: (column) => (record[columns.get(column)!] ?? '').trim() };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 0;
      throw new ReferenceFileError(
        name,
        line,
        error.message.replace(/^Invalid Record Length: /, ''),
      );
    }
    throw error;
  }
  if (!index) throw new ReferenceFileError(name, 1, 'the file is empty (no header row)');
}

/** 'YYYYMMDD' as the FDA writes dates, to 'YYYY-MM-DD'; '' is null; anything else undefined. */
export function fdaDate(value: string): string | null | undefined {
  if (value === '') return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [, y, mo, d] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return undefined;
  return `${y}-${mo}-${d}`;
}
