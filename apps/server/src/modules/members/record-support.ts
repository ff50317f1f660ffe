import type { z } from 'zod';
import { todayIso } from '@pillar/domain';
import { badRequest, type HttpProblem } from '../../platform/http/problem.ts';

/*
 * Pieces the employee record (member-record.*) and the dependent record (dependent-record.*)
 * share: today, and the 400 of a body checked against the organization's rules. The
 * organization's member settings are read with organizations/organization-settings.ts.
 */

/** Today as YYYY-MM-DD: the service's pinned clock (tests) or the real one. */
export function todayOf(deps: { today?: () => string }): string {
  return deps.today ? deps.today() : todayIso();
}

/** A 400 naming each field: detail `field: message; …`, params field → message. */
export function badRequestOf(params: Record<string, string>): HttpProblem {
  const detail = Object.entries(params)
    .map(([name, message]) => `${name}: ${message}`)
    .join('; ');
  return badRequest(detail, params);
}

/** A body checked against a schema; a zod failure is a 400 naming each field (its first message). */
export function parseOr400<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const params: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.length ? issue.path.map(String).join('.') : 'body';
    params[name] ??= issue.message;
  }
  throw badRequestOf(params);
}
