import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { todayIso, type OrganizationMemberSettings } from '@pillar/domain';
import type { OrganizationTable } from '../../platform/db/schema.ts';
import { badRequest, type HttpProblem } from '../../platform/http/problem.ts';

/*
 * Pieces the employee record (member-record.*) and the dependent record (dependent-record.*)
 * share: the organization's member settings as read with a record, today, and the 400 of a
 * body checked against the organization's rules.
 */

/** The organization columns behind OrganizationMemberSettings, to select with `o` as alias. */
export const ORGANIZATION_SETTINGS_COLUMNS = [
  'o.use_cob',
  'o.supports_divisions',
  'o.supports_client_defined_data',
  'o.supports_dependent_alternate_group',
  'o.supports_different_dependent_address',
  'o.require_address',
  'o.require_dependent_ssn',
  'o.default_dependent_ssn',
  'o.generate_employee_ssn',
  'o.client_id_minimum_length',
  'o.client_id_maximum_length',
  'o.pad_client_id_with_leading_zeros',
  'o.ltrim_client_id',
  'o.rtrim_client_id',
] as const;

type SettingsColumn<T> = T extends `o.${infer C}` ? C : never;

/** A row carrying the organization's settings columns. */
export type OrganizationSettingsRow = Pick<
  Selectable<OrganizationTable>,
  SettingsColumn<(typeof ORGANIZATION_SETTINGS_COLUMNS)[number]>
>;

/** The flags and client ID rules the organization's member and dependent forms follow. */
export function settingsOf(row: OrganizationSettingsRow): OrganizationMemberSettings {
  return {
    useCOB: row.use_cob,
    supportsDivisions: row.supports_divisions,
    supportsClientDefinedData: row.supports_client_defined_data,
    supportsDependentAlternateGroup: row.supports_dependent_alternate_group,
    SupportsDifferentDependentAddress: row.supports_different_dependent_address,
    requireAddress: row.require_address,
    requireDependentSSN: row.require_dependent_ssn,
    defaultDependentSSN: row.default_dependent_ssn,
    generateEmployeeSSN: row.generate_employee_ssn,
    clientIdMinimumLength: row.client_id_minimum_length,
    clientIdMaximumLength: row.client_id_maximum_length,
    padClientIdWithLeadingZeros: row.pad_client_id_with_leading_zeros,
    ltrimClientId: row.ltrim_client_id,
    rtrimClientId: row.rtrim_client_id,
  };
}

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
