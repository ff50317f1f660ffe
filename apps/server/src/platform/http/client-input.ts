import type { FastifyRequest } from 'fastify';
import { type HttpProblem, badRequest } from './problem.ts';

/**
 * Input no schema should have let through, refused at the edge (decision 0070).
 *
 * PostgreSQL text cannot hold a NUL character: a `\u0000` or `%00` anywhere in a path, query or
 * JSON body would reach a statement as an error 22021 and answer 500. Every route gets this one
 * check before its own validation, so no schema has to remember it, and the 400 names the field.
 */

export const NUL_MESSAGE = 'must not contain a NUL character';

/** The first field holding a NUL character (in a value or a key), as `a.b.0.c`; null when none. */
export function fieldWithNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = fieldWithNul(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return name.replaceAll('\u0000', '\\0');
      const found = fieldWithNul(item, name);
      if (found) return found;
    }
  }
  return null;
}

/** A preValidation hook: a 400 naming the first path parameter, query field or body field with NUL. */
export async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const field =
    fieldWithNul(request.params, '') ??
    fieldWithNul(request.query, '') ??
    fieldWithNul(request.body, '');
  if (field) throw badRequest(`${field}: ${NUL_MESSAGE}`, { [field]: NUL_MESSAGE });
}

/*
 * SQLSTATEs that only client input can cause once the schemas hold: they are the safety net
 * behind the schemas, so a value a schema missed gets a 400, not a 500.
 */
const CLIENT_INPUT_ERRORS: Record<string, string> = {
  '22P02': 'A value has the wrong form.',
  '22003': 'A number is out of range.',
  '22001': 'A value is too long.',
  '22021': 'A value contains a character that cannot be stored.',
  '22007': 'A date or time has the wrong form.',
  '22008': 'A date or time is out of range.',
  '54000': 'A value is too long.',
};

/** The 400 for a database error caused by the request's values; undefined for any other error. */
export function clientInputProblem(error: unknown): HttpProblem | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !('severity' in error)) return undefined;
  const detail = CLIENT_INPUT_ERRORS[code];
  return detail ? badRequest(detail) : undefined;
}
