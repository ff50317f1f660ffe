import { type GroupStatusFilter } from './api/member-form-options.ts';
import { type GroupSearch } from './api/list-groups.ts';
import { type InvoiceSearch } from './api/list-invoices.ts';
import { type OrganizationSearch } from './api/search-organizations.ts';
import { type OrganizationUserSearch } from './api/list-organization-users.ts';
import { type PlanSearch } from './api/list-plans.ts';

/**
 * Every query key of an organization, from one root, so a write invalidates by prefix:
 * - `searches()` covers every list of organizations (the list page, the home card's preview, the
 *   member search's picker, the agent's Find Member picker);
 * - `organization(orgId)` covers everything read about one organization: its detail (the
 *   header and the settings the member forms follow; the picker's restored name shares it) and
 *   its groups, fees, divisions, incentive programs, packages, plans, invoices, locations, Med D
 *   subsidies and users;
 * - `groups(orgId)` covers each list of its groups (the Groups panel, the member forms' options).
 */
export const organizationKeys = {
  all: ['organization'] as const,
  searches: () => [...organizationKeys.all, 'search'] as const,
  search: (search: OrganizationSearch) => [...organizationKeys.searches(), 'page', search] as const,
  preview: () => [...organizationKeys.searches(), 'home-preview'] as const,
  options: (name: string) => [...organizationKeys.searches(), 'options', name] as const,
  /** The agent's Find Member picker: pages of 100 through the search service. */
  agentOptions: (name: string) => [...organizationKeys.searches(), 'agent-options', name] as const,
  organization: (orgId: number) => [...organizationKeys.all, orgId] as const,
  detail: (orgId: number) => [...organizationKeys.organization(orgId), 'detail'] as const,
  /** The same organization read through the search service (the agent desktop). */
  agentDetail: (orgId: number) =>
    [...organizationKeys.organization(orgId), 'agent-detail'] as const,
  groups: (orgId: number) => [...organizationKeys.organization(orgId), 'groups'] as const,
  groupPage: (orgId: number, search: GroupSearch) =>
    [...organizationKeys.groups(orgId), 'page', search] as const,
  memberGroupOptions: (orgId: number, status: GroupStatusFilter) =>
    [...organizationKeys.groups(orgId), 'member-options', status] as const,
  group: (orgId: number, groupId: number) =>
    [...organizationKeys.organization(orgId), 'group', groupId] as const,
  groupFees: (orgId: number, groupId: number) =>
    [...organizationKeys.group(orgId, groupId), 'fees'] as const,
  divisions: (orgId: number, groupNo: number) =>
    [...organizationKeys.group(orgId, groupNo), 'divisions'] as const,
  incentivePrograms: (orgId: number, groupNo: number) =>
    [...organizationKeys.group(orgId, groupNo), 'incentive-programs'] as const,
  benefitPackageOptions: (orgId: number) =>
    [...organizationKeys.organization(orgId), 'benefit-packages', 'options'] as const,
  plans: (orgId: number, search: PlanSearch) =>
    [...organizationKeys.organization(orgId), 'plans', search] as const,
  invoiceConfigs: (orgId: number) =>
    [...organizationKeys.organization(orgId), 'invoice-configs'] as const,
  invoices: (orgId: number, search: InvoiceSearch) =>
    [...organizationKeys.organization(orgId), 'invoices', search] as const,
  locations: (orgId: number) => [...organizationKeys.organization(orgId), 'locations'] as const,
  meddSubsidies: (orgId: number) =>
    [...organizationKeys.organization(orgId), 'medd-subsidies'] as const,
  users: (orgId: number, search: OrganizationUserSearch) =>
    [...organizationKeys.organization(orgId), 'users', search] as const,
};
