/**
 * The organizations module's public surface. It owns the organization, its contacts and its
 * benefit groups; other modules read them through these functions, not the tables.
 */
export { organizationsRoutes } from './organizations.routes.ts';
/** One organization as its header shows it, 404 outside scope (also the agent's organization detail). */
export { getOrganization } from './organizations.service.ts';
export {
  benefitGroupIds,
  benefitGroupOptions,
  findOrganizationForMembers,
  organizationExists,
  organizationNames,
  organizationNameOf,
  organizationOptionRows,
  organizationStates,
  organizationsOfGroups,
  searchOrganizationOptions,
  type OrganizationForMembers,
} from './organizations.repo.ts';
export {
  findScopedOrganization,
  organizationOfScopedMember,
  requireGroup,
  requireOrganization,
  type ScopedGroup,
  type ScopedOrganization,
} from './organizations.access.ts';
export { findAuthOrganization, searchAuthOrganizations } from './auth-organizations.repo.ts';
export {
  authBenefitGroupsOf,
  benefitGroupColumnOf,
  findScopedGroupRow,
  grantedGroupsJsonOf,
  listBenefitGroups,
  scopedGroupRows,
} from './benefit-groups.repo.ts';
export {
  ORGANIZATION_SETTINGS_COLUMNS,
  settingsOf,
  type OrganizationSettingsRow,
} from './organization-settings.ts';
