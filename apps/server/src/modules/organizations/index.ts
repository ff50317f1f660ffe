/**
 * The organizations module's public surface. It owns the organization, its contacts and its
 * benefit groups; other modules read them through these functions, not the tables.
 */
export { organizationsRoutes } from './organizations.routes.ts';
export {
  benefitGroupIds,
  benefitGroupOptions,
  organizationExists,
  organizationNames,
  organizationStates,
  organizationVisible,
  organizationsOfGroups,
  searchOrganizationOptions,
} from './organizations.repo.ts';
export { requireOrganization } from './organizations.service.ts';
export { findAuthOrganization, searchAuthOrganizations } from './auth-organizations.repo.ts';
export { authBenefitGroupsOf, findBenefitGroup, listBenefitGroups } from './benefit-groups.repo.ts';
export {
  ORGANIZATION_SETTINGS_COLUMNS,
  settingsOf,
  type OrganizationSettingsRow,
} from './organization-settings.ts';
