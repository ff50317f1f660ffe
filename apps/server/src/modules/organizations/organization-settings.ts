import type { Selectable } from 'kysely';
import type { OrganizationMemberSettings } from '@pillar/domain';
import type { OrganizationTable } from './organizations.tables.ts';

/*
 * The organization's member settings (spec 1 §3 "Organization feature flags"): which columns hold
 * them and how they read. The organization detail answers them, and the member and dependent
 * records follow them.
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
