import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from 'kysely';
import { statementName } from './prepared-statement-client.ts';

/**
 * Database errors without the values of the statement that failed. pg and PGlite errors carry
 * what a log must never show: PGlite adds the SQL and its parameters (`query`, `params`), and
 * PostgreSQL's own fields can hold values too (`detail`: "Key (ssn_hash)=(…) already exists" or
 * "Failing row contains (…)"; `where`: "portal parameter $1 = '…'"; the message of a data
 * error: 'invalid input syntax for type date: "…"'). Every error leaving Kysely is scrubbed here,
 * once, so whoever logs or rethrows it later cannot leak them; it keeps the error code, the
 * names of the constraint, table and column, and a label of the statement. See
 * docs/decisions/0060-logs-without-secrets-or-health-data.md.
 */

/** What the log says about the statement: its prepared-statement name, its kind and its table. */
export interface StatementLabel {
  name: string;
  kind: string;
  table?: string;
}

/** A PostgreSQL error as pg and PGlite raise it: a five-character SQLSTATE and a severity. */
export interface DatabaseError extends Error {
  code: string;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
  statement?: StatementLabel;
}

/** Own fields of pg's and PGlite's errors that can hold a statement's values or its text. */
const VALUE_FIELDS = [
  'params',
  'query',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  'hint',
] as const;

export function isDatabaseError(error: unknown): error is DatabaseError {
  if (!(error instanceof Error) || !('severity' in error)) return false;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

const TARGET = /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete|merge)\b/i;
const TABLE_AFTER: Record<string, RegExp> = {
  insert: /\binsert\s+into\s+("?)([\w.]+)\1/i,
  update: /\bupdate\s+("?)([\w.]+)\1/i,
  delete: /\bdelete\s+from\s+("?)([\w.]+)\1/i,
  merge: /\bmerge\s+into\s+("?)([\w.]+)\1/i,
  select: /\bfrom\s+("?)([\w.]+)\1/i,
};

/** The statement's name (as prepared on PostgreSQL), kind and main table; never its values. */
export function statementLabel(sqlText: string): StatementLabel {
  const kind = (TARGET.exec(sqlText)?.[1] ?? sqlText.trim().split(/\s+/, 1)[0] ?? '').toLowerCase();
  const table = TABLE_AFTER[kind]?.exec(sqlText)?.[2];
  return { name: statementName(sqlText), kind, ...(table ? { table } : {}) };
}

/**
 * SQLSTATE classes whose messages quote only names (of a relation, column, constraint or type,
 * from the SQL text we wrote): connection, feature, integrity, transaction, access and syntax,
 * resource and operator errors. Every other class, data exceptions (22) above all, may quote the
 * value it was given.
 */
const NAMES_ONLY = new Set(['08', '0A', '23', '25', '40', '42', '53', '55', '57', '58']);

/**
 * A message with quoted values masked. Quoted names the error also carries in its own fields
 * (constraint, table, column, type) stay wherever they appear, as they say what failed without
 * saying with what.
 */
export function redactDatabaseMessage(error: DatabaseError, message: string): string {
  if (NAMES_ONLY.has(error.code.slice(0, 2))) return message;
  const names = new Set(
    [error.constraint, error.table, error.column, error.schema, error.dataType].filter(
      (name): name is string => typeof name === 'string' && name !== '',
    ),
  );
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) =>
    names.has(inner) ? quoted : '"[redacted]"',
  );
}

/** Removes every value of the failed statement from the error and labels the statement. */
export function scrubDatabaseError(error: unknown, sqlText: string): void {
  if (!isDatabaseError(error)) return;
  const target = error as unknown as Record<string, unknown>;
  for (const field of VALUE_FIELDS) delete target[field];
  const message = redactDatabaseMessage(error, error.message);
  if (message !== error.message) {
    if (error.stack) error.stack = error.stack.split(error.message).join(message);
    error.message = message;
  }
  error.statement = statementLabel(sqlText);
}

/** Scrubs the errors of a connection's queries; a connection is patched once however often reused. */
const patched = new WeakSet<DatabaseConnection>();

function patchConnection(connection: DatabaseConnection): DatabaseConnection {
  if (patched.has(connection)) return connection;
  patched.add(connection);
  const executeQuery = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(compiledQuery: CompiledQuery) => {
    try {
      return await executeQuery<R>(compiledQuery);
    } catch (error) {
      scrubDatabaseError(error, compiledQuery.sql);
      throw error;
    }
  };
  return connection;
}

/** The dialect with every query error scrubbed before Kysely hands it to our code. */
export function withScrubbedErrors(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const acquireConnection = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => patchConnection(await acquireConnection());
      return driver;
    },
  };
}
