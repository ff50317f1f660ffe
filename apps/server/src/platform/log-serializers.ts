import { isDatabaseError, redactDatabaseMessage } from './db/database-errors.ts';
import { serializeRequest } from './http/log-redaction.ts';

/**
 * What a logged error may show: an allow-list, never every field the error happens to carry.
 * pino's standard serializer copies all of them, which put a failed statement's parameters (a
 * member's name, birth date, address and SSN ciphertext) into the error log. Database errors keep
 * their code, the names of what failed and the statement's label; their messages lose any quoted
 * value. See docs/decisions/0060-logs-without-secrets-or-health-data.md.
 */

/** Names of what failed, safe to log: no field here can hold a value the statement was given. */
const DATABASE_FIELDS = [
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'statement',
] as const;

/** How deep `cause` chains are followed. */
const MAX_DEPTH = 4;

/** The shape Fastify expects of an error serializer. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    return {
      type: typeof error,
      message: typeof error === 'string' ? error : 'not an Error',
      stack: '',
    };
  }
  const fields = error as Error & Record<string, unknown>;
  const database = isDatabaseError(error);
  const message = database ? redactDatabaseMessage(error, error.message) : error.message;
  const stack =
    database && error.stack ? error.stack.split(error.message).join(message) : error.stack;
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: stack ?? '',
  };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') out.code = fields.code;
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  if (database) {
    for (const field of DATABASE_FIELDS) {
      if (fields[field] !== undefined) out[field] = fields[field];
    }
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) {
      out.errors = error.errors.map((inner: unknown) => serializeError(inner, depth + 1));
    }
  }
  return out;
}

/** The serializers of every logger in the process: requests redacted, errors allow-listed. */
export const logSerializers = { req: serializeRequest, err: serializeError };
